// The site as an operator runs it: `npm run seed` and `npm run build` once, then instances of
// `node scripts/start-site.ts` (what `npm start` runs) in production mode, each its own process
// (and process group, so a kill takes any child with it), on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';
import { waitFor } from './wait.ts';

export const REPO = path.resolve(import.meta.dirname, '../../..');

/** Only what a server needs from this process's environment (not the test runner's settings). */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
}

/** Runs a repository script to its end; its output goes to `logFile`. Throws with the output's end on failure. */
export async function runScript(script: string, args: string[], env: Record<string, string>, logFile: string): Promise<number> {
  const started = performance.now();
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--experimental-strip-types', script, ...args], {
    cwd: REPO,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', out, out],
  });
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  fs.closeSync(out);
  if (status !== 0) {
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`${script} ${args.join(' ')} failed (exit ${status}):\n${tail}`);
  }
  return performance.now() - started;
}

export interface SiteInstance {
  name: string;
  port: number;
  url: string;
  pid: number;
  /** what the instance calls itself in job_runs and NOTIFY payloads */
  instanceId: string;
  /** ms from spawn to a healthy answer */
  startMs: number;
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  alive(): boolean;
  /** resident memory now, from /proc/<pid>/status (MB) */
  rssMb(): number;
  /** SIGKILL to the whole process group */
  kill(): Promise<void>;
  /** SIGTERM (graceful), then SIGKILL after a while */
  stop(): Promise<void>;
  /** the end of what it printed */
  output(): string;
}

export async function startInstance(
  name: string,
  env: Record<string, string>,
  { logDir, readyTimeoutMs = 60_000 }: { logDir: string; readyTimeoutMs?: number },
): Promise<SiteInstance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(logDir, `${name}.log`);
  const lines: string[] = [];
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--experimental-strip-types', 'scripts/start-site.ts'], {
    cwd: REPO,
    env: { ...baseEnv(), ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: a kill reaches a build it may have started
  });
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      log.write(chunk);
      lines.push(...chunk.toString().split('\n'));
      if (lines.length > 400) lines.splice(0, lines.length - 400);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => lines.slice(-60).join('\n');
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const instance: SiteInstance = {
    name,
    port,
    url,
    pid: child.pid!,
    instanceId: `${os.hostname()}:${child.pid}`,
    startMs: 0,
    fetch: (pathname, init) => fetch(`${url}${pathname}`, { ...init, signal: init?.signal ?? AbortSignal.timeout(15_000) }),
    alive,
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
    },
    async kill() {
      signalGroup('SIGKILL');
      await exited;
    },
    async stop() {
      if (!alive()) return;
      signalGroup('SIGTERM');
      const force = setTimeout(() => signalGroup('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
      signalGroup('SIGKILL'); // anything it left behind
    },
    output,
  };
  try {
    await waitFor(
      async () => {
        if (!alive()) throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
        const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
        return res?.status === 200;
      },
      { timeoutMs: readyTimeoutMs, intervalMs: 100, what: `${name} to answer on ${url}` },
    );
  } catch (error) {
    await instance.kill();
    throw new Error(`${(error as Error).message}\n--- ${name} output ---\n${output()}`);
  }
  instance.startMs = performance.now() - started;
  return instance;
}

/** Waits until resident memory stops moving (garbage collected, caches settled): the last reading, MB. */
export async function settledRssMb(instance: SiteInstance, { timeoutMs = 30_000 } = {}): Promise<number> {
  const readings: number[] = [];
  await waitFor(
    () => {
      readings.push(instance.rssMb());
      const last = readings.slice(-8); // two seconds of readings within 2 MB of each other
      return last.length === 8 && Math.max(...last) - Math.min(...last) < 2;
    },
    { timeoutMs, intervalMs: 250, what: `${instance.name}'s memory to settle` },
  ).catch(() => undefined); // still moving after the deadline: take the last reading
  return readings.at(-1)!;
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A loopback port nobody listens on now (asked from the kernel). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A redis-server of the test's own (never the shared one on 6379), without persistence, on a free
 * loopback port. It can be stopped and started again on the same port, as an outage would.
 */
export async function startRedisServer() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-redis-'));
  let child: ChildProcess | undefined;

  async function start() {
    if (child && child.exitCode === null) return;
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      proc.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)));
      proc.once('error', reject);
    });
  }

  async function stop() {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** starts it again on the same port after stop() */
    start,
    stop,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

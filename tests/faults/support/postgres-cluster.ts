// A PostgreSQL cluster owned by the fault tests: its own data folder, port and socket folder, so the
// tests can restart it at will without touching the shared server on 5432. Debian's binaries
// (/usr/lib/postgresql/<version>/bin); as root they run as the `postgres` user.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);

function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`No PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return path.join(root, newest, 'bin');
}

export interface PostgresCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** `pg_ctl restart` (fast mode: sessions are terminated with 57P01, as in any maintenance); its duration in ms */
  restart(): Promise<number>;
  stop(): Promise<void>;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-faults-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    await run('chown', ['postgres:postgres', dir]);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const log = path.join(dir, 'server.log');
  const ctl = (...args: string[]) => pg('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', ...args]);
  await ctl('-o', options, 'start');
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async restart() {
      const started = performance.now();
      await ctl('-m', 'fast', '-o', options, 'restart');
      return performance.now() - started;
    },
    async stop() {
      await ctl('-m', 'immediate', 'stop').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The embedded database hosted by another process (docs/decisions/002): when that process goes
// away (a seed that finished, or crashed), a process opened with takeOverEmbeddedHost (the site
// server) hosts the database itself and carries on, with the data intact, instead of failing until
// restarted (issue 10, item 1). Embedded only: the api-postgres project leaves *.pglite.test.ts out.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/lib/server/db/client.ts';

let dataDir = '';
let host: ChildProcess | undefined;

/** Starts another process hosting the embedded database of `dataDir`; resolves once it does. */
async function startHost(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--experimental-strip-types', 'tests/helpers/embedded-host-process.ts'], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('hosting') && resolve());
    child.once('exit', (code) => reject(new Error(`the host process exited (${code})`)));
  });
  return child;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

afterEach(async () => {
  await closeDatabase();
  if (host) {
    host.kill('SIGKILL');
    await exited(host);
    host = undefined;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database’s host going away', () => {
  for (const how of ['finishes', 'crashes'] as const) {
    it(`is taken over by the site when the process that hosted it ${how}`, async () => {
      dataDir = path.join(os.tmpdir(), `dl-host-${randomBytes(4).toString('hex')}`);
      host = await startHost();
      const handle = await openDatabase({ dataDir, takeOverEmbeddedHost: true });
      expect(handle.kind).toBe('embedded-client');
      await handle.db.execute(sql`INSERT INTO genres (name) VALUES ('Survivor')`);

      if (how === 'finishes') host.stdin!.end();
      else host.kill('SIGKILL');
      await exited(host);

      const { rows } = await handle.db.execute<{ name: string }>(sql`SELECT name FROM genres WHERE name = 'Survivor'`);
      expect(rows).toEqual([{ name: 'Survivor' }]);
      expect(handle.kind).toBe('embedded');
      expect(Number(fs.readFileSync(path.join(dataDir, 'pglite.pid'), 'utf8'))).toBe(process.pid);
    });
  }
});

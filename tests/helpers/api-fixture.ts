// The setup most API test files repeat (issue 19 review): a database of the file's own, the API over
// real HTTP on it, a client, raw SQL, and a signed-in member of the test's own. `useApiFixture()` at
// the top of a file registers the hooks (started before the file's own beforeAll, closed after its
// afterAll) and answers the fixture; its `database`, `server` and `client` are there once the file's
// hooks run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { resetStorage } from '../../src/lib/server/services/uploads/storage.ts';
import { startApiServer } from './api-server.ts';
import { createTestDatabase } from './database.ts';
import { createMember, tokenFor, type Member } from './factories.ts';
import { api } from './http.ts';

export interface ApiFixture {
  readonly database: Awaited<ReturnType<typeof createTestDatabase>>;
  readonly server: Awaited<ReturnType<typeof startApiServer>>;
  readonly client: ReturnType<typeof api>;
  /** with `localUploads`: the site's data folder (uploads on the local driver, media in `media/`) */
  readonly dataDir: string;
  /** rows of a raw query on the file's database */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** a new member of the test's own, and its access token */
  someone(overrides?: Parameters<typeof createMember>[0]): Promise<{ member: Member; token: string }>;
}

export interface ApiFixtureOptions {
  /** a data folder of the file's own with the local upload driver, its media served by the server */
  localUploads?: boolean;
}

export function useApiFixture(options: ApiFixtureOptions = {}): ApiFixture {
  let dataDir: string | undefined;
  let database: ApiFixture['database'] | undefined;
  let server: ApiFixture['server'] | undefined;
  let client: ApiFixture['client'] | undefined;
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the API fixture's ${name} is used before its beforeAll ran`);
    return value;
  };
  beforeAll(async () => {
    if (options.localUploads) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-api-fixture-'));
      process.env.DATA_DIR = dataDir;
      process.env.STORAGE_DRIVER = 'local';
      reloadEnv();
      resetStorage();
    }
    database = await createTestDatabase();
    server = await startApiServer(undefined, dataDir ? { mediaDir: path.join(dataDir, 'media') } : undefined);
    client = api(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get database() {
      return ready(database, 'database');
    },
    get server() {
      return ready(server, 'server');
    },
    get client() {
      return ready(client, 'client');
    },
    get dataDir() {
      return ready(dataDir, 'dataDir (useApiFixture({ localUploads: true }))');
    },
    async sql<T>(text: string, values: unknown[] = []) {
      return (await ready(database, 'database').pool.query(text, values)).rows as T[];
    },
    async someone(overrides) {
      const member = await createMember(overrides);
      return { member, token: await tokenFor(member) };
    },
  };
}

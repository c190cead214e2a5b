import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { findEmbeddedHost, hostEmbeddedDatabase, takeOverEmbeddedHost, type EmbeddedDatabase } from './embedded.ts';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** set when this process hosts the embedded database */
  embedded?: EmbeddedDatabase;
  kind: 'postgres' | 'embedded' | 'embedded-client';
}

// One handle per process, kept on globalThis: the server entry (run by Node) and the Astro build
// bundle each hold their own copy of this module, and must share one pool and one PGlite.
const KEY = Symbol.for('dramalist.database');
type Holder = { [KEY]?: Promise<DatabaseHandle> };
const holder = globalThis as Holder;

// node-postgres returns bigint (count(*)) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * The node-postgres client for the embedded database. PGlite has one session behind the socket,
 * shared by every connection to it and outliving each of them, so named prepared statements (session
 * state) cannot be tracked per connection as node-postgres does: after the pool replaces its
 * connection (idle timeout, a dropped socket) or when a second process connects, preparing a name
 * again fails with "prepared statement … already exists" (docs/decisions/010). This client sends every
 * statement unnamed, whoever asks for a name (rate-limiter-flexible does, and so may any library).
 */
class SharedSessionClient extends pg.Client {}
const namedQuery = pg.Client.prototype.query;
SharedSessionClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  if (config && typeof config === 'object' && 'name' in config && typeof (config as { submit?: unknown }).submit !== 'function') {
    const { name: _name, ...unnamed } = config as { name?: string };
    config = unnamed;
  }
  return (namedQuery as (...args: unknown[]) => unknown).call(this, config, ...rest);
} as typeof namedQuery;

export interface OpenOptions {
  /** PostgreSQL connection string; defaults to DATABASE_URL */
  url?: string;
  /** embedded data directory; defaults to DATA_DIR */
  dataDir?: string;
  /** host an in-memory PGlite (tests) */
  memory?: boolean;
  /** start the in-memory PGlite from this dump of a data directory (tests: a migrated template) */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * when another process hosts the embedded database and goes away, host it here and carry on (the
   * site server); otherwise queries fail until that process is back
   */
  takeOverEmbeddedHost?: boolean;
}

/**
 * how long opening a connection (or waiting for a free one) may take before the query fails, and
 * the request with a 503, instead of waiting on a server that does not answer
 */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Makes a pool survive its database going away (a restart, a failover, the embedded host stopping):
 * node-postgres reports a connection that dies while idle in the pool as an 'error' event on the
 * pool, and one that dies while checked out (inside a transaction, between two statements) as an
 * 'error' event on the client; either one, unlistened, kills the process. Both are logged instead.
 * The pool drops broken connections and opens new ones on demand, so it recovers by itself once the
 * server answers again; meanwhile queries fail fast (connection refused, or CONNECT_TIMEOUT_MS) and
 * requests answer 503 (api/errors.ts).
 */
function survivePoolErrors(pool: pg.Pool, kind: DatabaseHandle['kind']): pg.Pool {
  let lastLogged = 0;
  const log = (error: Error, where: string) => {
    // one line per second at most: an outage fails every connection at once
    if (Date.now() - lastLogged < 1000) return;
    lastLogged = Date.now();
    logger.warn({ err: error, database: kind, where }, 'database connection lost; reconnecting on demand');
  };
  pool.on('error', (error) => log(error, 'idle connection'));
  pool.on('connect', (client) => client.on('error', (error) => log(error, 'connection in use')));
  return pool;
}

async function connect(options: OpenOptions): Promise<DatabaseHandle> {
  const url = options.url ?? (options.memory ? undefined : env().databaseUrl);
  const poolSize = options.poolSize ?? 10;
  if (url) {
    // Custom plans for every execution of a named statement (see db/named-query.ts): a generic plan
    // guesses the selectivity of its parameters, and a wrong guess costs far more than planning.
    const pool = survivePoolErrors(
      new pg.Pool({
        connectionString: url,
        max: poolSize,
        options: '-c plan_cache_mode=force_custom_plan',
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true, // notice a peer that vanished without closing (a failed-over host)
      }),
      'postgres',
    );
    return { pool, db: drizzle({ client: pool, schema, casing: 'snake_case' }), kind: 'postgres' };
  }
  const dataDir = options.dataDir ?? env().dataDir;
  let embedded: EmbeddedDatabase | undefined;
  let connection;
  if (!options.memory && findEmbeddedHost(dataDir)) {
    connection = (await import('./embedded.ts')).embeddedConnection(dataDir);
  } else {
    embedded = await hostEmbeddedDatabase(dataDir, { memory: options.memory, loadDataDir: options.loadDataDir });
    connection = embedded.connection;
  }
  // A client of another process's database: before each new connection (the pool opens one after
  // losing its last), host the database here if that process is gone.
  let takingOver: Promise<void> | undefined;
  const ensureHost = (): Promise<void> => {
    if (!options.takeOverEmbeddedHost || handle.embedded) return Promise.resolve();
    takingOver ??= takeOverEmbeddedHost(dataDir)
      .then((hosted) => {
        if (!hosted) return;
        handle.embedded = hosted;
        handle.kind = 'embedded';
        logger.warn({ dataDir }, 'the process hosting the embedded database is gone: this process hosts it now');
      })
      .finally(() => (takingOver = undefined));
    return takingOver;
  };
  class EmbeddedClient extends SharedSessionClient {
    // node-postgres' pool connects with a callback; the promise form is kept for completeness
    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const ready = ensureHost();
      if (!callback) return ready.then(() => super.connect());
      ready.then(
        () => super.connect(callback),
        (error: Error) => (callback as (err: Error) => void)(error),
      );
    }
  }
  // One connection per process (PGlite runs one statement at a time anyway). Code inside a
  // transaction must use the transaction's handle, never the pool.
  const kind = embedded ? 'embedded' : 'embedded-client';
  // (no connection timeout: a Unix socket answers or refuses at once, and with one connection a
  // timeout would also fail requests that wait their turn behind a long statement)
  const pool = survivePoolErrors(new pg.Pool({ ...connection, max: 1, Client: EmbeddedClient }), kind);
  const handle: DatabaseHandle = { pool, embedded, db: drizzle({ client: pool, schema, casing: 'snake_case' }), kind };
  return handle;
}

/** Opens (once per process) the database named by the configuration, or returns the open one. */
export function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  holder[KEY] ??= connect(options).catch((error) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

/** The process's database (opened from the configuration on first use). */
export async function getDb(): Promise<Database> {
  return (await openDatabase()).db;
}

/** Closes the pool and, when this process hosts it, the embedded database. */
export async function closeDatabase(): Promise<void> {
  const pending = holder[KEY];
  if (!pending) return;
  delete holder[KEY];
  const handle = await pending;
  await handle.pool.end();
  await handle.embedded?.stop();
}

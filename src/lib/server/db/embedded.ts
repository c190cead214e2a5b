import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { makePrivate, protectDataDir } from './data-dir.ts';
import { isProcessAlive } from '../processes.ts';

/**
 * The embedded database: PGlite in `DATA_DIR/pglite`, served to every client (this process included)
 * over a Unix socket in DATA_DIR, so the running site, `npm run seed`, `npm run user:role` and a
 * rebuild can all use it at once. PGlite runs one query at a time; the socket server queues
 * clients and keeps an open transaction's statements together. See docs/decisions/002.
 */
export interface EmbeddedDatabase {
  /** node-postgres settings that reach the socket */
  connection: { host: string; port: number; user: string; database: string };
  /**
   * Stops serving the socket (every client, this process's pool included, loses its connection and
   * cannot reconnect) while the database stays open; `openSocket` serves it again. What clients see
   * when the process hosting the database goes away: tests use it.
   */
  closeSocket(): Promise<void>;
  openSocket(): Promise<void>;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;
const LOCK_FILE = 'pglite.pid';

export function embeddedConnection(dataDir: string) {
  return { host: dataDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };
}

function socketPath(dataDir: string) {
  return path.join(dataDir, `.s.PGSQL.${SOCKET_PORT}`);
}

/** Whether another live process already hosts the embedded database of this data directory. */
export function findEmbeddedHost(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    if (pid && pid !== process.pid && isProcessAlive(pid) && fs.existsSync(socketPath(dataDir))) return pid;
  } catch {
    // no lock file: nobody hosts it
  }
  return undefined;
}

/** Whether no live process has the embedded database of `dataDir` open (no lock file, or its process is gone). */
function hostIsGone(dataDir: string): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    return !pid || (pid !== process.pid && !isProcessAlive(pid));
  } catch {
    return true;
  }
}

const TAKEOVER_FILE = 'pglite.takeover';

/**
 * Hosts the embedded database of `dataDir` in this process if the process that hosted it is gone
 * (a `npm run seed` that ran before the site and has finished, or one that crashed), so a client
 * of it carries on instead of failing until restarted. Only one process may win: a lock file
 * created exclusively decides. Answers the database when this process now hosts it.
 */
export async function takeOverEmbeddedHost(dataDir: string): Promise<EmbeddedDatabase | undefined> {
  if (!hostIsGone(dataDir)) return undefined;
  const lock = path.join(dataDir, TAKEOVER_FILE);
  let fd: number;
  try {
    fd = fs.openSync(lock, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // another process is taking over, unless it died doing so
    const holder = Number(fs.readFileSync(lock, 'utf8') || 0);
    if (holder && isProcessAlive(holder)) return undefined;
    fs.rmSync(lock, { force: true });
    try {
      fd = fs.openSync(lock, 'wx');
    } catch {
      return undefined;
    }
  }
  try {
    fs.writeSync(fd, String(process.pid));
    if (!hostIsGone(dataDir)) return undefined; // another process took over first
    return await hostEmbeddedDatabase(dataDir);
  } finally {
    fs.closeSync(fd);
    fs.rmSync(lock, { force: true });
  }
}

/**
 * Opens PGlite on `dataDir` (or in memory with `memory: true`) and serves it on the socket.
 * @param socketDir where the socket goes (defaults to dataDir; tests use a temporary folder)
 */
export async function hostEmbeddedDatabase(
  dataDir: string,
  options: { memory?: boolean; maxConnections?: number; loadDataDir?: Blob } = {},
): Promise<EmbeddedDatabase> {
  // PGlite writes its files, and the socket server its socket (which lets anyone who can reach it in
  // as the superuser), with the process's umask: this user's only
  if (options.memory) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  else protectDataDir(dataDir);
  const sock = socketPath(dataDir);
  if (sock.length > 100) {
    throw new Error(`DATA_DIR is too long for a Unix socket path (${sock.length} > 100 characters): ${dataDir}`);
  }
  const store = options.memory ? 'memory://' : path.join(dataDir, 'pglite');
  const pglite = await PGlite.create(store, {
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers is sized for a server; the embedded site's data
    // fits in far less, and this trims about 130 MB from the process (measured on the demo catalogue).
    postgresqlconf: ['shared_buffers=32MB'],
    loadDataDir: options.memory ? options.loadDataDir : undefined,
  });
  if (!options.memory) makePrivate(store);
  let server: PGLiteSocketServer | undefined;
  const openSocket = async () => {
    if (server) return;
    fs.rmSync(sock, { force: true }); // left over by a process that crashed
    server = new PGLiteSocketServer({ db: pglite, path: sock, maxConnections: options.maxConnections ?? 32 });
    await server.start();
  };
  const closeSocket = async () => {
    const open = server;
    server = undefined;
    await open?.stop();
  };
  await openSocket();
  const lock = path.join(dataDir, LOCK_FILE);
  if (!options.memory) fs.writeFileSync(lock, String(process.pid));
  let stopped = false;
  return {
    connection: embeddedConnection(dataDir),
    closeSocket,
    openSocket,
    async stop() {
      if (stopped) return;
      stopped = true;
      await closeSocket();
      await pglite.close();
      fs.rmSync(sock, { force: true });
      if (!options.memory) fs.rmSync(lock, { force: true });
    },
  };
}

// Which errors mean "the database is away" (restarting, failing over, unreachable) rather than "this
// query is wrong": those become a 503 with Retry-After (api/errors.ts) and the pages' "no connection"
// state, never a 500, and the pool reconnects by itself once the server is back (db/client.ts).

/**
 * SQLSTATEs of a server that is going away or not there yet: 57P01 admin shutdown (pg_ctl restart,
 * pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting
 * down), class 08 connection exceptions (08000, 08003 no connection, 08006 connection failure,
 * 08001 cannot establish, 08004 rejected).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);

/** Socket errors on the way to the server (TCP, or the embedded database's Unix socket). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * node-postgres' own messages when a connection ends, times out or was never made, or no pooled
 * connection came free in time (the server is overloaded: a 503 too).
 */
const MESSAGES = /^(Connection terminated|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end on the pool)/;

/** Whether `error` (or an error it wraps, as drizzle's DrizzleQueryError does) says the database is unreachable. */
export function isConnectionError(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, syscall } = e as { code?: unknown; message?: unknown; syscall?: unknown };
    if (typeof code === 'string' && (SQLSTATES.has(code) || SOCKET_CODES.has(code))) return true;
    // the embedded database's socket file is gone (its host stopped)
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
  }
  return false;
}

/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

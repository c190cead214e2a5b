// Executors and transactions (docs/decisions/016). Every service takes the executor it runs on as
// its first argument: the pool (`await getDb()`) or a transaction, so that several services compose
// into one transaction (approving an edit with its history, a list entry with its activity, a like
// with its counter) and roll back together. On the embedded database there is ONE connection
// (docs/decisions/002): code inside a transaction that reached for the pool would wait forever for
// the connection its own transaction holds, so nothing inside a transaction may call getDb().
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { logger } from '../logger.ts';
import type { Database } from './client.ts';

/** A transaction on the database (drizzle's node-postgres transaction). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What services run on: the database's pool, or a transaction. */
export type Executor = Database | Transaction;

export const isTransaction = (db: Executor): db is Transaction => db instanceof PgTransaction;

/**
 * The node-postgres client behind an executor: the pool, or the one connection a transaction holds.
 * (drizzle keeps a transaction's client on its session; db/named-query.ts sends statements through it.)
 */
export function clientOf(db: Executor): pg.Pool | pg.PoolClient {
  if (!isTransaction(db)) return db.$client;
  const client = (db._.session as unknown as { client?: pg.PoolClient }).client;
  if (!client) throw new Error('drizzle transaction without a client: db/transactions.ts needs updating');
  return client;
}

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set([
  '40001', // serialization_failure (repeatable read / serializable)
  '40P01', // deadlock_detected
]);

function isRetryable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (RETRYABLE.has((e as { code?: unknown }).code as string)) return true;
  }
  return false;
}

type Callbacks = (() => void)[];

/** Runs what waited for a commit; one that fails is logged, and the others still run. */
function runAll(callbacks: Callbacks): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      logger.error({ err: error }, 'a callback after commit failed');
    }
  }
}
/** what runs once the outermost transaction has committed, per transaction handle */
const afterCommits = new WeakMap<Transaction, Callbacks>();

export interface TransactionOptions {
  isolationLevel?: PgTransactionConfig['isolationLevel'];
  /** how many times a serialization failure or a deadlock runs the work again (default 3) */
  retries?: number;
}

/**
 * Runs `work` in a transaction and answers its result; a throw rolls everything back. On the pool it
 * opens a transaction (BEGIN … COMMIT) and runs the work again, from the start, when PostgreSQL
 * aborts it for a serialization failure (40001) or a deadlock (40P01), up to `retries` times: the
 * work must be safe to repeat (no side effects outside the database: use `afterCommit`). On a
 * transaction it nests (a SAVEPOINT): a failure rolls back only its own part, if the caller catches
 * it, and the outer transaction decides (and retries) as a whole.
 */
export async function withTransaction<T>(db: Executor, work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (isTransaction(db)) {
    const parent = afterCommits.get(db);
    const mine: Callbacks = [];
    const result = await db.transaction(async (tx) => {
      afterCommits.set(tx, mine);
      return work(tx);
    });
    // the savepoint was released: its callbacks now wait for the outer commit
    if (parent) parent.push(...mine);
    else runAll(mine);
    return result;
  }
  const retries = options.retries ?? 3;
  const config = options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined;
  for (let attempt = 0; ; attempt++) {
    const callbacks: Callbacks = [];
    try {
      const result = await db.transaction(async (tx) => {
        afterCommits.set(tx, callbacks);
        return work(tx);
      }, config);
      runAll(callbacks);
      return result;
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
    }
  }
}

/**
 * Runs `callback` once what `db` wrote is committed: at once on the pool, after the outermost
 * commit inside a transaction, never if it rolls back. For announcements that must not run ahead of
 * the data (a catalogue change, a mail) and must not repeat when a transaction is retried. (Open
 * transactions with withTransaction: on one opened by drizzle's own `db.transaction()` it runs at once.)
 */
export function afterCommit(db: Executor, callback: () => void): void {
  const pending = isTransaction(db) ? afterCommits.get(db) : undefined;
  if (pending) pending.push(callback);
  else runAll([callback]);
}

// Hot read queries as named (prepared) statements on PostgreSQL. Only for a measured hot read path,
// with the reason above the call (`// raw SQL: hot path — …`); everything else uses Drizzle's builder
// (docs/decisions/034; tests/unit/architecture/one-way-to-query.test.ts).
//
// Measured on the 100k catalogue (pgbench, 2 cores): parsing and analysing a search's SQL costs more
// than running it — the page of a filtered search runs at ~2,700 statements/s unnamed and ~6,500/s
// prepared. A statement is named after a hash of its text, so each connection parses each query shape
// once (shapes are few: the text carries no values, only $n). The connections re-plan every
// execution with the actual values (plan_cache_mode = force_custom_plan, set in db/client.ts): a
// generic plan of 'country = $1 AND year BETWEEN $2 AND $3 ... LIMIT $5' guesses selectivities and
// may choose to sort 25,000 rows where walking an index stops after 24.
//
// The embedded database (PGlite) shares one session among every process connected to it, and a
// process may reconnect: a name could already exist there, so it gets unnamed statements (its pool's
// client drops names itself: db/client.ts). Inside a transaction the statement goes through the
// transaction's connection (db/transactions.ts), with the same names and the same type parsers.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { clientOf, type Executor } from './transactions.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/** Runs `query` (a drizzle `sql` template) on `db` (the pool or a transaction) and answers its rows. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  return (await clientOf(db).query({ name, text, values: params })).rows as T[];
}

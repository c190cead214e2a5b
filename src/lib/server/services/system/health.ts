import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client.ts';

export interface DatabaseStatus {
  ok: boolean;
  kind: 'postgres' | 'embedded' | 'embedded-client';
  latencyMs: number;
}

/** Runs a trivial query and times it. */
export async function pingDatabase(): Promise<DatabaseStatus> {
  const handle = await openDatabase();
  const started = performance.now();
  try {
    // no table: the database answers whether or not the schema is there
    await handle.db.select({ one: sql<number>`1` }).from(sql`(VALUES (1)) AS ping`);
    return { ok: true, kind: handle.kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, kind: handle.kind, latencyMs: Math.round(performance.now() - started) };
  }
}

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
    await handle.db.execute(sql`select 1`);
    return { ok: true, kind: handle.kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, kind: handle.kind, latencyMs: Math.round(performance.now() - started) };
  }
}

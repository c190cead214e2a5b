// A block being written while other writes between the same two members start (docs/decisions/035):
// the block as blockMember writes it (the pair's lock, both members' rows locked FOR UPDATE in id
// order, then its row), held open until the writes are under way. On PostgreSQL it is held until
// every one of them waits for a lock (or one has answered or failed: the test then sees that answer,
// which did not wait); on PGlite, one connection, they run after it commits anyway.
import { sql } from 'drizzle-orm';
import { lockPairForBlock } from '../../src/lib/server/services/blocks/block-rules.ts';
import type { ApiFixture } from './api-fixture.ts';

export async function withBlockHeldOpen<T>(app: ApiFixture, blockerId: number, blockedId: number, start: () => Promise<T>[]): Promise<T[]> {
  let writes: Promise<T>[] = [];
  await app.database.db.transaction(async (tx) => {
    await lockPairForBlock(tx, blockerId, blockedId);
    const [first, second] = [blockerId, blockedId].sort((a, b) => a - b);
    await tx.execute(sql`select id from users where id in (${first}, ${second}) order by id for update`);
    await tx.execute(sql`insert into blocks (blocker_id, blocked_id) values (${blockerId}, ${blockedId})`);
    writes = start();
    if (app.database.kind !== 'postgres') return;
    let settled = false;
    const done = () => (settled = true);
    void Promise.race(writes).then(done, done);
    while (!settled) {
      // read on another connection (a transaction sees pg_stat_activity as at its first look); the
      // probe waits 5 ms on the server between looks, so it does not crowd out the writes it waits for
      const [waiting] = await app.sql<{ n: number }>(
        `select count(*)::int as n, pg_sleep(0.005) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (waiting!.n >= writes.length) break;
    }
  });
  return Promise.all(writes);
}

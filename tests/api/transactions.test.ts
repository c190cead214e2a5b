import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, withTransaction } from '../../src/lib/server/db/transactions.ts';
import { NotFoundError, ValidationError } from '../../src/lib/server/errors.ts';
import { getUserByUsername, updateProfile } from '../../src/lib/server/services/accounts/accounts.ts';
import { onCatalogueChange } from '../../src/lib/server/services/catalogue/catalogue-events.ts';
import { getDrama } from '../../src/lib/server/services/dramas/dramas.ts';
import { getHeartStatus, giveHeart } from '../../src/lib/server/services/hearts/hearts.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama, createMember, createPerson } from '../helpers/factories.ts';

// Services composed in one transaction (docs/decisions/016), on PGlite (one connection: a service
// reaching for the pool inside the transaction would wait forever) and on PostgreSQL.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let member = 0;
let nextPerson = 100;
let announced = 0;

/** a person of their own for each test, with no hearts */
async function newPerson() {
  return (await createPerson({ id: nextPerson++, name: `Person ${nextPerson}` })).id;
}

async function bio() {
  return (await getUserByUsername(database.db, 'composer')).bio;
}

beforeAll(async () => {
  database = await createTestDatabase();
  member = (await createMember({ email: 'composer@example.com', username: 'composer' })).id;
  onCatalogueChange(() => announced++);
});
afterAll(async () => {
  await database?.drop();
});

describe('withTransaction', () => {
  it('commits the work of several services together, and announces the change after the commit', async () => {
    const personId = await newPerson();
    const before = announced;
    let announcedInside = -1;
    const state = await withTransaction(database.db, async (tx) => {
      const given = await giveHeart(tx, member, personId);
      await updateProfile(tx, member, { bio: 'Hearts given in a transaction' });
      announcedInside = announced - before;
      return given;
    });
    expect(state).toEqual({ hearts: 1, hasHearted: true });
    expect(announcedInside).toBe(0);
    expect(announced - before).toBe(1);
    expect(await getHeartStatus(database.db, member, personId)).toEqual({ hearts: 1, hasHearted: true });
    expect(await bio()).toBe('Hearts given in a transaction');
  });

  it('rolls every service back together, and announces nothing', async () => {
    const personId = await newPerson();
    const bioBefore = await bio();
    const before = announced;
    const failure = withTransaction(database.db, async (tx) => {
      await giveHeart(tx, member, personId);
      await updateProfile(tx, member, { bio: 'never saved' });
      // the transaction sees its own writes (through its connection, also for the named statements)
      expect(await getHeartStatus(tx, member, personId)).toEqual({ hearts: 1, hasHearted: true });
      throw new Error('something later failed');
    });
    await expect(failure).rejects.toThrow('something later failed');
    expect(await getHeartStatus(database.db, member, personId)).toEqual({ hearts: 0, hasHearted: false });
    expect(await bio()).toBe(bioBefore);
    expect(announced).toBe(before);
  });

  it('runs queryRows-based reads on the transaction: they see its uncommitted rows, and nothing stays', async () => {
    const read = await withTransaction(database.db, async (tx) => {
      await createDrama({ db: tx, id: 9001, title: 'Only Inside', status: 'upcoming', country: 'Japan' });
      const drama = await getDrama(tx, 9001);
      throw Object.assign(new Error('roll back'), { drama });
    }).catch((error: { drama?: { title: string } }) => error.drama);
    expect(read?.title).toBe('Only Inside');
    await expect(getDrama(database.db, 9001)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('nests: a service that fails inside rolls back only its own part when the caller carries on', async () => {
    const personId = await newPerson();
    await withTransaction(database.db, async (tx) => {
      await giveHeart(tx, member, personId);
      // giveHeart runs in a savepoint of its own: the second one fails and is caught
      await expect(giveHeart(tx, member, personId)).rejects.toBeInstanceOf(ValidationError);
      await updateProfile(tx, member, { bio: 'after a caught failure' });
    });
    expect(await getHeartStatus(database.db, member, personId)).toEqual({ hearts: 1, hasHearted: true });
    expect(await bio()).toBe('after a caught failure');
  });

  it('runs the work again after a serialization failure or a deadlock, and only then', async () => {
    const personId = await newPerson();
    const calls: string[] = [];
    let attempts = 0;
    const state = await withTransaction(database.db, async (tx) => {
      attempts++;
      const given = await giveHeart(tx, member, personId);
      afterCommit(tx, () => calls.push(`committed after attempt ${attempts}`));
      // as drizzle reports one: the PostgreSQL error is the cause of its query error
      if (attempts === 1) throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('could not serialize access'), { code: '40001' }) });
      if (attempts === 2) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return given;
    });
    expect(attempts).toBe(3);
    expect(state).toEqual({ hearts: 1, hasHearted: true }); // the failed attempts' hearts were rolled back
    expect(calls).toEqual(['committed after attempt 3']);

    let once = 0;
    await expect(
      withTransaction(database.db, async () => {
        once++;
        throw new ValidationError('not a database conflict');
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(once).toBe(1);
  });

  it('gives up after the retries it is allowed', async () => {
    let attempts = 0;
    const conflict = () => Object.assign(new Error('could not serialize access'), { code: '40001' });
    await expect(
      withTransaction(
        database.db,
        async () => {
          attempts++;
          throw conflict();
        },
        { retries: 2 },
      ),
    ).rejects.toThrow('could not serialize access');
    expect(attempts).toBe(3);
  });

  it('takes an isolation level', async () => {
    const level = await withTransaction(
      database.db,
      async (tx) => (await tx.execute<{ transaction_isolation: string }>(sql`SHOW transaction_isolation`)).rows[0]?.transaction_isolation,
      { isolationLevel: 'serializable' },
    );
    expect(level).toBe('serializable');
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { people, personHearts } from '../../db/schema/index.ts';
import { afterCommit, withTransaction, type Executor, type Transaction } from '../../db/transactions.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { catalogueChanged } from '../catalogue/catalogue-events.ts';
import { assertPersonId, PERSON_NOT_FOUND } from '../people/people.ts';

export const HEART_MESSAGES = {
  alreadyGiven: 'You have already given a heart to this person',
  notGiven: 'You have not given a heart to this person',
} as const;

export type HeartState = { hearts: number; hasHearted: boolean };

// Hearts are not idempotent: a second heart from the same member is a 400, and so is taking back a
// heart never given. The spec's client re-reads the heart status when a heart change answers 400,
// which resynchronises a page left open in two tabs; a silent success would hide that the button
// showed a stale state.
//
// people.hearts must always equal the number of person_hearts rows, under any concurrency. Each
// change runs in one transaction: the member's row is inserted (ON CONFLICT DO NOTHING) or deleted,
// and only when that statement changed a row is the counter moved by one, with an atomic
// `hearts = hearts ± 1` whose row lock orders concurrent changes. A concurrent duplicate waits on the
// primary key, then finds the row there and changes nothing. (The people.popularity rank, which
// orders by hearts, is refreshed with the other derived figures by services/catalogue-stats.)

/**
 * Gives the member's heart to the person: the new count; NotFoundError for nobody, ValidationError
 * when already given. Runs in its own transaction, or as part of the caller's.
 */
export async function giveHeart(db: Executor, userId: number, personId: number): Promise<HeartState> {
  assertPersonId(personId);
  return withTransaction(db, async (tx) => {
    // one statement: nothing is inserted for nobody (the select finds no person)
    const inserted = await tx
      .insert(personHearts)
      .select(
        tx
          .select({ userId: sql<number>`${userId}`.as('user_id'), personId: people.id, createdAt: sql<Date>`now()`.as('created_at') })
          .from(people)
          .where(eq(people.id, personId)),
      )
      .onConflictDoNothing()
      .returning({ personId: personHearts.personId });
    if (!inserted.length) {
      await assertPersonExists(tx, personId);
      throw new ValidationError(HEART_MESSAGES.alreadyGiven);
    }
    afterCommit(tx, catalogueChanged); // the person's public answer shows the count
    return { hearts: await moveCounter(tx, personId, 1), hasHearted: true };
  });
}

/** Takes the member's heart back: the new count; NotFoundError for nobody, ValidationError when none was given. */
export async function takeBackHeart(db: Executor, userId: number, personId: number): Promise<HeartState> {
  assertPersonId(personId);
  return withTransaction(db, async (tx) => {
    const deleted = await tx
      .delete(personHearts)
      .where(and(eq(personHearts.userId, userId), eq(personHearts.personId, personId)))
      .returning({ personId: personHearts.personId });
    if (!deleted.length) {
      await assertPersonExists(tx, personId);
      throw new ValidationError(HEART_MESSAGES.notGiven);
    }
    afterCommit(tx, catalogueChanged);
    return { hearts: await moveCounter(tx, personId, -1), hasHearted: false };
  });
}

/** Whether the member has given the person a heart, and the person's count; NotFoundError for nobody. */
export async function getHeartStatus(db: Executor, userId: number, personId: number): Promise<HeartState> {
  assertPersonId(personId);
  const rows = await db
    .select({
      hearts: people.hearts,
      hasHearted: sql<boolean>`EXISTS (SELECT 1 FROM ${personHearts} WHERE ${personHearts.userId} = ${userId} AND ${personHearts.personId} = ${people.id})`,
    })
    .from(people)
    .where(eq(people.id, personId));
  if (!rows[0]) throw new NotFoundError(PERSON_NOT_FOUND);
  return rows[0];
}

async function moveCounter(tx: Transaction, personId: number, by: 1 | -1): Promise<number> {
  const [moved] = await tx
    .update(people)
    .set({ hearts: sql`${people.hearts} + ${by}` })
    .where(eq(people.id, personId))
    .returning({ hearts: people.hearts });
  return moved!.hearts;
}

async function assertPersonExists(tx: Transaction, personId: number): Promise<void> {
  const rows = await tx.select({ id: people.id }).from(people).where(eq(people.id, personId));
  if (!rows.length) throw new NotFoundError(PERSON_NOT_FOUND);
}

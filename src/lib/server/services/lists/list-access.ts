// Who may read a member's lists (spec 2 §1, docs/decisions/020): their entries, statistics and
// activity are the member's own to read when their lists are private (lists_private), anyone's
// otherwise; and the version of their lists, which every write raises (services/lists/list-entries.ts).
import { eq } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { canReadLists } from '../../../users/permissions.ts';
import { LIST_MESSAGES } from '../../../lists/watch-lists.ts';
import { users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';

export const USER_NOT_FOUND = 'User not found';

/**
 * NotFoundError for no such member, ForbiddenError when their lists are private and the viewer is
 * someone else (a visitor included). Every read of another member's lists, entries, stats and
 * activity goes through it.
 */
export async function assertListsReadable(db: Executor, ownerId: number, viewerId: number | undefined): Promise<void> {
  await readableListsVersion(db, ownerId, viewerId);
}

/**
 * The version of the member's lists, after the same checks as assertListsReadable: a number that
 * every write to their entries raises in its own transaction (bumpListsVersion), so an answer
 * computed after reading version n holds every change up to n. Answers of GET /lists/me and
 * /users/{id}/lists are kept by it (api/lists/list-answers.ts).
 */
export async function readableListsVersion(db: Executor, ownerId: number, viewerId: number | undefined): Promise<number> {
  if (!isStorableId(ownerId)) throw new NotFoundError(USER_NOT_FOUND);
  const [owner] = await db.select({ listsPrivate: users.listsPrivate, version: users.listsVersion }).from(users).where(eq(users.id, ownerId));
  if (!owner) throw new NotFoundError(USER_NOT_FOUND);
  if (!canReadLists(viewerId === undefined ? null : { id: viewerId }, { id: ownerId, listsPrivate: owner.listsPrivate })) {
    throw new ForbiddenError(LIST_MESSAGES.private);
  }
  return owner.version;
}

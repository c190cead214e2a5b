// Moderating members (contract "Moderating members", docs/decisions/038 "Moderating members"): a mod
// or an admin clears a member's bio, name or images and suspends them until a date (or lifts it),
// always with a note; every action is kept with who and why. A mod never acts on a mod or an admin,
// nobody on themselves (permissions.ts canActOnMember). A suspension moves the member's token
// version on in the same transaction, so every token they hold stops working at once; signing in is
// refused while it lasts (services/accounts). Reports resolved with an action call applyMemberAction
// inside their own transaction (services/reports).
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { isStorableId } from '../../../ids/path-id.ts';
import {
  checkModerationNote,
  checkSuspendUntil,
  MODERATION_MESSAGES,
  type ClearableField,
} from '../../../moderation/member-moderation-rules.ts';
import { canActOnMember, isSelf, type Actor } from '../../../users/permissions.ts';
import { memberModerationActions, users } from '../../db/schema/index.ts';
import { afterCommit, withTransaction, type Executor } from '../../db/transactions.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { runInBackground } from '../../jobs/background.ts';
import type { UserRow } from '../accounts/accounts.ts';
import { commitImageChange, removeObjects } from '../uploads/uploads.ts';

export type MemberActionRow = typeof memberModerationActions.$inferSelect;

/** What a mod asks (the wire's MemberModeration). */
export interface MemberActionInput {
  clear?: readonly ClearableField[];
  /** undefined: no change; null: lift */
  suspend_until?: string | null;
  note?: string;
}

/** The request checked: nothing left to parse. */
export interface CheckedMemberAction {
  clear: ClearableField[];
  /** undefined: no change; null: lift */
  suspendUntil: Date | null | undefined;
  note: string;
}

/** A moderator as an action shows them. */
export interface ModeratorRow {
  id: number;
  username: string;
  fullName: string;
  avatar: string | null;
  role: string;
}

export interface MemberActionWithModerator extends MemberActionRow {
  moderator: ModeratorRow | null;
}

/**
 * Checks what is asked, before anything is read or locked: a note (non-blank, within the limit), a
 * future date-time or null, and something to do. ValidationError naming the field.
 */
export function checkMemberAction(input: MemberActionInput, now: Date = new Date(), fieldPrefix = ''): CheckedMemberAction {
  const note = checkModerationNote(input.note);
  if (!note.ok) throw new ValidationError(note.message, `${fieldPrefix}note`);
  let suspendUntil: Date | null | undefined;
  if (input.suspend_until !== undefined) {
    const checked = checkSuspendUntil(input.suspend_until, now);
    if (!checked.ok) throw new ValidationError(checked.message, `${fieldPrefix}suspend_until`);
    suspendUntil = checked.value;
  }
  const clear = [...new Set(input.clear ?? [])];
  if (clear.length === 0 && suspendUntil === undefined) throw new ValidationError(MODERATION_MESSAGES.nothingToDo, `${fieldPrefix}clear`);
  return { clear, suspendUntil, note: note.value };
}

const COLUMN_OF = { bio: 'bio', full_name: 'fullName', avatar: 'avatar', cover_photo: 'coverPhoto' } as const;

/**
 * Applies a checked action to `memberId` as `moderator`, inside `tx` (the caller's transaction): the
 * member's row is locked, the rule asked against its role as it is now (403, nothing changed), the
 * fields emptied (an uploaded image is let go of and its files removed once committed: the generated
 * avatar comes back, as for any member without one), the suspension set or lifted, and the action
 * recorded. A new suspension moves the token version on: every token the member holds stops working
 * at once. Answers the action and the member after it.
 */
export async function applyMemberAction(
  tx: Executor,
  moderator: Actor,
  memberId: number,
  action: CheckedMemberAction,
  fieldPrefix = '',
): Promise<{ action: MemberActionRow; member: UserRow }> {
  if (!isStorableId(memberId)) throw new NotFoundError(MODERATION_MESSAGES.memberNotFound);
  // NO KEY UPDATE, as the UPDATE below takes: it does not wait for (or block) rows that merely point at the member (a new comment's foreign key)
  const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('no key update');
  if (!member) throw new NotFoundError(MODERATION_MESSAGES.memberNotFound);
  if (!canActOnMember(moderator, member)) throw new ForbiddenError(isSelf(moderator, member) ? MODERATION_MESSAGES.self : MODERATION_MESSAGES.staff);
  const suspended = member.suspendedUntil !== null && member.suspendedUntil.getTime() > Date.now();
  if (action.clear.length === 0 && action.suspendUntil === null && !suspended) {
    throw new ValidationError(MODERATION_MESSAGES.notSuspended, `${fieldPrefix}suspend_until`);
  }

  const changes: PgUpdateSetSource<typeof users> = { updatedAt: new Date() };
  const toRemove: string[] = [];
  for (const field of action.clear) {
    if (field === 'avatar' || field === 'cover_photo') {
      const column = COLUMN_OF[field];
      changes[column] = null;
      toRemove.push(...(await commitImageChange(tx, member.id, member[column], null, field)));
    } else changes[COLUMN_OF[field]] = '';
  }
  if (action.suspendUntil !== undefined) {
    changes.suspendedUntil = action.suspendUntil;
    // a suspension ends every session at once (a lift does not: the member signs in again)
    if (action.suspendUntil !== null) changes.tokenVersion = sql`${users.tokenVersion} + 1`;
  }
  const [updated] = await tx.update(users).set(changes).where(eq(users.id, member.id)).returning();
  const [recorded] = await tx
    .insert(memberModerationActions)
    .values({
      userId: member.id,
      moderatorId: moderator.id,
      cleared: action.clear,
      suspensionChanged: action.suspendUntil !== undefined,
      suspendUntil: action.suspendUntil ?? null,
      note: action.note,
    })
    .returning();
  if (toRemove.length > 0) afterCommit(tx, () => runInBackground('removing cleared profile images', () => removeObjects(toRemove)));
  return { action: recorded!, member: updated! };
}

/** POST /users/{id}/moderation: checks, then applies in one transaction. */
export async function moderateMember(db: Executor, moderator: Actor, memberId: number, input: MemberActionInput) {
  const checked = checkMemberAction(input);
  return withTransaction(db, (tx) => applyMemberAction(tx, moderator, memberId, checked));
}

const moderatorAlias = alias(users, 'moderator');

/** Actions with their moderator (null once the account is gone). */
function selectActions(db: Executor) {
  return db
    .select({
      action: memberModerationActions,
      moderator: {
        id: moderatorAlias.id,
        username: moderatorAlias.username,
        fullName: moderatorAlias.fullName,
        avatar: moderatorAlias.avatar,
        role: moderatorAlias.role,
      },
    })
    .from(memberModerationActions)
    .leftJoin(moderatorAlias, eq(moderatorAlias.id, memberModerationActions.moderatorId));
}

const withModerator = (row: { action: MemberActionRow; moderator: ModeratorRow | null }): MemberActionWithModerator => ({
  ...row.action,
  moderator: row.moderator?.id ? row.moderator : null,
});

/** One action with its moderator. */
export async function getMemberAction(db: Executor, id: number): Promise<MemberActionWithModerator> {
  const [row] = await selectActions(db).where(eq(memberModerationActions.id, id)).limit(1);
  if (!row) throw new NotFoundError('Moderation action not found');
  return withModerator(row);
}

/** GET /users/{id}/moderation: the member now, and one page of their actions, newest first. */
export async function listMemberActions(db: Executor, memberId: number, page: number, size: number) {
  if (!isStorableId(memberId)) throw new NotFoundError(MODERATION_MESSAGES.memberNotFound);
  const [member] = await db.select().from(users).where(eq(users.id, memberId)).limit(1);
  if (!member) throw new NotFoundError(MODERATION_MESSAGES.memberNotFound);
  const [rows, [count]] = await Promise.all([
    selectActions(db)
      .where(eq(memberModerationActions.userId, memberId))
      .orderBy(desc(memberModerationActions.createdAt), desc(memberModerationActions.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(memberModerationActions).where(and(eq(memberModerationActions.userId, memberId))),
  ]);
  return { member, items: rows.map(withModerator), total: count?.total ?? 0 };
}

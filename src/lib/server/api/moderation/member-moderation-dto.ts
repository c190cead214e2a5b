// Mappers from member moderation rows to the answers of the calls (their schemas:
// src/lib/api/wire/editing.ts); the report calls use them too.
import type { z } from '@hono/zod-openapi';
import type { MemberModerationActionSchema, ModeratedMemberSchema } from '../../../api/wire/editing.ts';
import type { UserRow } from '../../services/accounts/accounts.ts';
import type { MemberActionWithModerator } from '../../services/moderation/member-moderation.ts';
import { toCommentAuthor } from '../profiles/member-author.ts';
import { toPublicUser } from '../profiles/profile-dto.ts';

export function toMemberAction(row: MemberActionWithModerator): z.infer<typeof MemberModerationActionSchema> {
  return {
    id: row.id,
    user_id: row.userId,
    moderator: row.moderator ? toCommentAuthor(row.moderator) : null,
    cleared: row.cleared,
    suspension_changed: row.suspensionChanged,
    suspend_until: row.suspendUntil?.toISOString() ?? null,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

/** The member as the moderation area sees them: public profile, and the suspension while it lasts. */
export function toModeratedMember(user: UserRow): z.infer<typeof ModeratedMemberSchema> {
  const suspended = user.suspendedUntil !== null && user.suspendedUntil.getTime() > Date.now();
  return { ...toPublicUser(user), suspended_until: suspended ? user.suspendedUntil!.toISOString() : null };
}

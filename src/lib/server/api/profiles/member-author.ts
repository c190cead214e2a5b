// A member as a comment, a report or a list of blocked members shows them (the wire's CommentAuthor,
// src/lib/api/wire/comments.ts): id, username, the name to show, avatar and role.
import type { z } from '@hono/zod-openapi';
import type { CommentAuthorSchema } from '../../../api/wire/comments.ts';
import type { Role } from '../../../users/roles.ts';

/** The columns a CommentAuthor is made of. */
export interface MemberAuthorRow {
  id: number;
  username: string;
  fullName: string;
  avatar: string | null;
  role: Role | string;
}

/** The name to show: the full name, else the username (members have no separate display name). */
export function toCommentAuthor(row: MemberAuthorRow): z.infer<typeof CommentAuthorSchema> {
  return { id: row.id, username: row.username, name: row.fullName || row.username, avatar: row.avatar, role: row.role as Role };
}

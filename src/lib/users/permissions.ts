// Who may do what: every rule of the contract (/work/shared/contract/members-community-api.md) about
// roles, ownership and suspension, written once as pure functions. The API's routes reach them
// through one guard (server/api/auth-middleware.ts requirePermission) or, where the rule needs the
// loaded record (an owner check), by calling them in the service; the islands call the same ones to
// show or hide a control. No server import here: islands load this module. docs/decisions/027.
//
// Roles are user, mod and admin (roles.ts). A suspended member (`suspended_until` in the future) may
// read but do nothing that writes; a signed-out visitor (`null`/`undefined`) may do nothing here.

import type { Role } from './roles.ts';

/**
 * The signed-in member as the rules see it: the server's user row and the API's user answer both
 * fit (`suspendedUntil` / `suspended_until` when known; absent means not suspended).
 */
export interface Actor {
  id: number;
  role: Role | string;
  suspendedUntil?: Date | string | null;
  suspended_until?: Date | string | null;
}
/** Who asks: a member, or nobody (a visitor). */
export type Viewer = Actor | null | undefined;

/** Anything written by one member: a comment, a post, a reaction, a suggestion, a list entry. */
export interface Authored {
  /** the author's id (`authorId`, `author_id`, `userId` or `user_id`, whichever the record has; null: none named, as on a deleted post) */
  authorId?: number | null;
  author_id?: number | null;
  userId?: number;
  user_id?: number;
}
/** A member acted on (followed, moderated, whose profile or lists are read). */
export interface Member {
  id: number;
  role?: Role | string;
}

/** The message of a 403 for a signed-in member who may not (the contract's words). */
export const NOT_ALLOWED = "You don't have permission to perform this action";

const STAFF: readonly string[] = ['mod', 'admin'];

const authorOf = (record: Authored): number | null | undefined => record.authorId ?? record.author_id ?? record.userId ?? record.user_id;

/** Signed in (a token that works). */
export function isSignedIn(user: Viewer): user is Actor {
  return !!user && typeof user.id === 'number';
}

/** Suspended at `now`: until a time still to come. */
export function isSuspended(user: Viewer, now: Date = new Date()): boolean {
  if (!isSignedIn(user)) return false;
  const until = user.suspendedUntil ?? user.suspended_until;
  if (until === null || until === undefined) return false;
  const time = new Date(until).getTime();
  return Number.isNaN(time) || time > now.getTime();
}

/** A moderator or an administrator (by role alone; what they may do also asks canWrite). */
export function isStaff(user: Viewer): boolean {
  return isSignedIn(user) && STAFF.includes(user.role);
}

/** An administrator (by role alone). */
export function isAdmin(user: Viewer): boolean {
  return isSignedIn(user) && user.role === 'admin';
}

/** The same member. */
export function isSelf(user: Pick<Actor, 'id'> | null | undefined, member: Pick<Member, 'id'> | null | undefined): boolean {
  return !!user && typeof user.id === 'number' && !!member && user.id === member.id;
}

/** The author of the record. */
export function isAuthor(user: Viewer, record: Authored | null | undefined): boolean {
  return isSignedIn(user) && !!record && authorOf(record) === user.id;
}

/**
 * Any member write of one's own (profile, lists, favourites, hearts, follows, uploads, comments,
 * posts, reactions, reports, edit suggestions, notifications, sign-out): signed in, not suspended.
 */
export function canWrite(user: Viewer, now?: Date): user is Actor {
  return isSignedIn(user) && !isSuspended(user, now);
}

/** Edit a drama or a person at once, review edit suggestions, revert a change (mod, admin). */
export function canEditCatalogue(user: Viewer, now?: Date): boolean {
  return canWrite(user, now) && isStaff(user);
}

/** Suggest a change to a drama or a person (any member). */
export function canSuggestEdit(user: Viewer, now?: Date): boolean {
  return canWrite(user, now);
}

/** Read edit suggestions: staff all of them, a member only their own (`mine=true`). */
export function canReadEditSuggestions(user: Viewer, query: { mine?: boolean } = {}): boolean {
  return isStaff(user) || (isSignedIn(user) && query.mine === true);
}

/** See which fields of a pending suggestion changed on the record since it was made (its `conflicts`): staff, who review. */
export function canSeeEditConflicts(user: Viewer): boolean {
  return isStaff(user);
}

/** The moderation area: reports, members' moderation logs (mod, admin). */
export function canModerate(user: Viewer, now?: Date): boolean {
  return canWrite(user, now) && isStaff(user);
}

/** Clear a member's fields or suspend them: staff, never oneself, and a mod never a mod or an admin. */
export function canActOnMember(user: Viewer, target: Member | null | undefined, now?: Date): boolean {
  if (!canModerate(user, now) || !target || isSelf(user, target)) return false;
  if (user!.role === 'admin') return true;
  return !STAFF.includes(target.role ?? 'user');
}

/** Give or take a role (administrators only). */
export function canManageRoles(user: Viewer, now?: Date): boolean {
  return canWrite(user, now) && isAdmin(user);
}

/** Edit a comment: its author only. */
export function canEditComment(user: Viewer, comment: Authored | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && isAuthor(user, comment);
}

/** Delete a comment (its replies go with it): its author, a mod, an admin. */
export function canDeleteComment(user: Viewer, comment: Authored | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && (isAuthor(user, comment) || isStaff(user));
}

/** Edit a post (content, reply control): its author only. */
export function canEditPost(user: Viewer, post: Authored | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && isAuthor(user, post);
}

/** Delete a post: its author, a mod, an admin. */
export function canDeletePost(user: Viewer, post: Authored | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && (isAuthor(user, post) || isStaff(user));
}

/** Take back a reaction: the member who gave it. */
export function canDeleteReaction(user: Viewer, reaction: Authored | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && isAuthor(user, reaction);
}

/** Repost a post: any member who may write, but not its author (one's own post: the API answers 400). */
export function canRepostPost(user: Viewer, post: Authored | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && !!post && !isAuthor(user, post);
}

/** Detach a quote of a post: the author of the quoted post only. */
export function canDetachQuote(user: Viewer, quotedPost: Authored | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && isAuthor(user, quotedPost);
}

export type ReplyControl = 'everyone' | 'following' | 'nobody';

/**
 * Reply to a post: as its `reply_control` allows (`following`: members the author follows), and
 * always its author, a mod or an admin (to moderate). `authorFollowsUser` is whether the post's
 * author follows the one replying.
 */
export function canReplyToPost(
  user: Viewer,
  post: Authored & { replyControl?: ReplyControl; reply_control?: ReplyControl },
  authorFollowsUser = false,
  now?: Date,
): boolean {
  if (!canWrite(user, now)) return false;
  if (isAuthor(user, post) || isStaff(user)) return true;
  const control = post.replyControl ?? post.reply_control ?? 'everyone';
  return control === 'everyone' || (control === 'following' && authorFollowsUser);
}

/**
 * Act on another member's thing or on the member (reply to, react to, like, repost, quote, follow,
 * comment on their profile): a member who may write, never across a block in either direction
 * (`blocked`: whether either has blocked the other; docs/decisions/035). A 403 when refused.
 */
export function canInteract(user: Viewer, member: Pick<Member, 'id'> | null | undefined, blocked: boolean, now?: Date): boolean {
  return canWrite(user, now) && !!member && !blocked;
}

/** Report a comment or a post: any member who may write (one's own too: nothing to gain, nothing refused). */
export function canReport(user: Viewer, now?: Date): boolean {
  return canWrite(user, now);
}

/** Block or unblock a member: any member, never oneself. */
export function canBlock(user: Viewer, member: Pick<Member, 'id'> | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && !!member && !isSelf(user, member);
}

/** Comment (or reply) on a drama or a profile: any member who may write; on a profile, not across a block with its owner. */
export function canComment(user: Viewer, profileOwner: Pick<Member, 'id'> | null | undefined, blocked: boolean, now?: Date): boolean {
  return canWrite(user, now) && (!profileOwner || !blocked);
}

/** Resolve a report (dismiss, or remove what it reports): mod, admin. */
export function canResolveReports(user: Viewer, now?: Date): boolean {
  return canModerate(user, now);
}

/** Edit one's profile, lists, favourites: the member themselves. */
export function canEditProfile(user: Viewer, member: Pick<Member, 'id'> | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && isSelf(user, member);
}

/** Follow a member: any member, never oneself (and not across a block: canInteract). */
export function canFollow(user: Viewer, member: Pick<Member, 'id'> | null | undefined, now?: Date): boolean {
  return canWrite(user, now) && !!member && !isSelf(user, member);
}

/**
 * Read a member's watch lists, statistics, recent activity and entries: anyone, unless the member
 * made them private; then the member only.
 */
export function canReadLists(user: Pick<Actor, 'id'> | null | undefined, owner: Pick<Member, 'id'> & { listsPrivate?: boolean; lists_private?: boolean }): boolean {
  const isPrivate = owner.listsPrivate ?? owner.lists_private ?? false;
  return !isPrivate || isSelf(user, owner);
}

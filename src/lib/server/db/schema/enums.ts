import { pgEnum } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../users/roles.ts';

export const userRole = pgEnum('user_role', ROLES);
export const authTokenKind = pgEnum('auth_token_kind', ['verify_email', 'reset_password', 'sign_in']);
export const dramaType = pgEnum('drama_type', ['drama', 'movie', 'tv_show', 'special']);
export const dramaStatus = pgEnum('drama_status', ['airing', 'completed', 'upcoming', 'cancelled']);
export const personGender = pgEnum('person_gender', ['Male', 'Female', 'Other']);
/** main/support/guest are cast; the rest are crew. */
export const creditRole = pgEnum('credit_role', ['main', 'support', 'guest', 'director', 'screenwriter']);
export const listStatus = pgEnum('list_status', ['watching', 'completed', 'plan_to_watch', 'dropped']);
/** what an activity item records: the entry added, a change, or a rewatch starting a new cycle */
export const activityKind = pgEnum('activity_kind', ['added', 'updated', 'rewatch']);
export const reactionType = pgEnum('reaction_type', ['like', 'love', 'laugh']);
export const reportTarget = pgEnum('report_target', ['comment', 'post']);
export const reportReason = pgEnum('report_reason', ['spam', 'harassment', 'spoiler', 'hate', 'other']);
export const reportStatus = pgEnum('report_status', ['open', 'resolved']);
export const reportAction = pgEnum('report_action', ['dismiss', 'remove']);
export const replyControl = pgEnum('reply_control', ['everyone', 'following', 'nobody']);
export const postKind = pgEnum('post_kind', ['post', 'reply', 'quote']);
export const editTarget = pgEnum('edit_target', ['drama', 'person']);
export const suggestionStatus = pgEnum('suggestion_status', ['pending', 'approved', 'rejected']);
/** how an applied catalogue change came: a mod's or an admin's edit, an approved suggestion, a revert of an earlier change */
export const editSource = pgEnum('edit_source', ['direct', 'suggestion', 'revert']);
/** the profile fields a moderator may clear (contract "Moderating members") */
export const memberField = pgEnum('member_field', ['bio', 'full_name', 'avatar', 'cover_photo']);

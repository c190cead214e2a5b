// The moderation area's calls (contract "Reports and blocks", "Moderating members"; docs/decisions/038):
// open reports and their resolution, a member's moderation log and the moderation form. Only the
// moderation island (loaded for mods and admins) imports this module.
import type { MemberModeration, MemberModerationPage, MemberModerationResult, ModerationReport, ReportPage, ReportResolve } from '../wire/index.ts';
import { read, write } from './operation.ts';

/** GET /reports?status=…: newest first; `cursor` (a page's next_cursor) continues */
export const listReports = (status: 'open' | 'resolved' = 'open', options: { size?: number; cursor?: string | null } = {}) => {
  const query = new URLSearchParams({ status, size: String(options.size ?? 20) });
  if (options.cursor) query.set('cursor', options.cursor);
  return read<ReportPage>(`/reports?${query}`);
};
/** POST /reports/{id}/resolve: dismiss or remove, optionally moderating the author in the same go */
export const resolveReport = (id: number, body: ReportResolve) => write<ModerationReport>('POST', `/reports/${id}/resolve`, { json: body });
/** GET /users/{id}/moderation: the member now and their actions, newest first */
export const getMemberModeration = (userId: number, page = 1, size = 10) =>
  read<MemberModerationPage>(`/users/${userId}/moderation?page=${page}&size=${size}`);
/** POST /users/{id}/moderation: clear fields, suspend until a date or lift it, with a note */
export const moderateMember = (userId: number, body: MemberModeration) =>
  write<MemberModerationResult>('POST', `/users/${userId}/moderation`, { json: body });

// The activity calls (contract "Watch lists and activity", docs/decisions/021): a member's recent
// activity. Another member's is read as `anyone` by default (403 when their lists are private; the
// owner reads theirs with `caller: 'member'`).
import type { ActivityPage } from '../wire/index.ts';
import { read, type Caller } from './operation.ts';

const paged = (path: string, page: number, size: number) => `${path}?page=${page}&size=${size}`;

export const getMyRecentActivity = (page = 1, size = 20) => read<ActivityPage>(paged('/lists/me/recent', page, size));
export const getUserRecentActivity = (userId: number, page = 1, size = 20, caller: Caller = 'anyone') =>
  read<ActivityPage>(paged(`/users/${userId}/recent`, page, size), caller);

// The block calls (contract "Comments and reactions", "Reports and blocks"; docs/decisions/035):
// block and unblock a member, whether the caller blocked one, and the caller's blocked members.
import type { BlockedPage, BlockState } from '../wire/index.ts';
import { read, write } from './operation.ts';

/** POST /users/{id}/block (idempotent): a follow between the two, either way, ends */
export const blockUser = (userId: number) => write<BlockState>('POST', `/users/${userId}/block`);
/** DELETE /users/{id}/block (idempotent): an ended follow does not come back */
export const unblockUser = (userId: number) => write<BlockState>('DELETE', `/users/${userId}/block`);
/** GET /users/{id}/block: whether the caller blocked them (not whether they blocked the caller) */
export const getBlockState = (userId: number) => read<BlockState>(`/users/${userId}/block`);
/** GET /users/me/blocks: the members the caller blocked, the latest block first */
export const listMyBlocks = (page = 1, size = 20) => read<BlockedPage>(`/users/me/blocks?page=${page}&size=${size}`);

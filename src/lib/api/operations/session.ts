// The calls of the auth state, which every page may make: the signed-in member, and Logout.
import type { CurrentUser } from '../wire/index.ts';
import { read, write } from './operation.ts';

/** the signed-in member */
export const getCurrentUser = () => read<CurrentUser>('/users/me');
/** revokes the token it is sent with */
export const logout = () => write<void>('POST', '/auth/logout');

import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { apiFetch, ApiClientError } from '../../lib/api/api-client.ts';

/** The signed-in member as GET /users/me answers. */
export interface CurrentUser {
  id: number;
  username: string;
  full_name: string;
  name: string;
  display_name: string;
  email: string;
  email_verified: boolean;
  avatar: string | null;
  cover_photo: string | null;
  bio: string;
  role: string;
  created_at: string;
  followers_count: number;
  following_count: number;
  profile_views: number;
}

/** The access token, kept in localStorage under `access_token` (the spec's contract). */
export const $token = persistentAtom<string>('access_token', '');
/** undefined while loading; null when signed out */
export const $user = atom<CurrentUser | null | undefined>(undefined);
export const $authState = computed($user, (user) =>
  user === undefined ? 'loading' : user === null ? 'signed-out' : 'signed-in',
);

/** Keeps the page's signed-in marker (which hides signed-out-only items) in step. */
function markPage(signedIn: boolean) {
  if (signedIn) document.documentElement.dataset.auth = 'signed-in';
  else delete document.documentElement.dataset.auth;
}

let loading: Promise<CurrentUser | null> | undefined;

/** Loads the member of the stored token; a 401 signs out (spec 1 §4). */
export function loadCurrentUser(): Promise<CurrentUser | null> {
  loading ??= (async () => {
    const token = $token.get();
    if (!token) {
      $user.set(null);
      markPage(false);
      return null;
    }
    try {
      const user = await apiFetch<CurrentUser>('/users/me', { token });
      $user.set(user);
      markPage(true);
      return user;
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 401) signOut();
      else $user.set(null);
      return null;
    }
  })().finally(() => {
    loading = undefined;
  });
  return loading;
}

let started = false;

/** Starts the auth state once per page: loads the member, and follows sign-in/out in other tabs. */
export function startAuth() {
  if (started || typeof window === 'undefined') return;
  started = true;
  void loadCurrentUser();
  $token.listen(() => void loadCurrentUser());
}

/** Stores a new token and loads its member. */
export async function signInWithToken(token: string): Promise<CurrentUser | null> {
  $token.set(token);
  return loadCurrentUser();
}

/** Forgets the token and the member. */
export function signOut() {
  $token.set('');
  $user.set(null);
  markPage(false);
}

/** How long Logout waits for the server to revoke the token before leaving anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * Logout (spec 1 §2.2): forgets the token and the member at once, asks the server to revoke the
 * token (POST /auth/logout, so a copy of it stops working too), and returns to the home page,
 * whatever the server answers and even when it cannot be reached.
 */
export async function logOutToHome(): Promise<void> {
  const token = $token.get();
  signOut();
  if (token) {
    try {
      await apiFetch('/auth/logout', { method: 'POST', token, signal: AbortSignal.timeout(LOGOUT_WAIT_MS) });
    } catch {
      // Revoked or not, this browser has forgotten the token.
    }
  }
  window.location.assign('/');
}

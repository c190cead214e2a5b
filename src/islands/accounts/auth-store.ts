import { atom } from 'nanostores';
import * as api from '../../lib/api/operations/session.ts';
import type { CurrentUser } from '../../lib/api/wire/index.ts';
import { $token, session } from '../shared/data-layer/session.ts';

export type { CurrentUser };
export { $token };

/** The signed-in member (GET /users/me): undefined while loading; null when signed out */
export const $user = atom<CurrentUser | null | undefined>(undefined);

export type AuthState = 'loading' | 'signed-out' | 'signed-in';
/** (A function, not a computed store: every page loads this module, and computed stores cost bytes.) */
export const authStateOf = (user: CurrentUser | null | undefined): AuthState =>
  user === undefined ? 'loading' : user === null ? 'signed-out' : 'signed-in';

/** Keeps the page's signed-in marker (which hides signed-out-only items) in step. */
function markPage(signedIn: boolean) {
  if (signedIn) document.documentElement.dataset.auth = 'signed-in';
  else delete document.documentElement.dataset.auth;
}

let loading: { token: string; member: Promise<CurrentUser | null> } | undefined;

/**
 * Loads the member of the stored token (once per token, however many islands ask). A 401 signs out
 * (spec 1 §4: the data layer's session forgets the token, and the member goes with it); any other
 * failure leaves this page signed out.
 */
export function loadCurrentUser(): Promise<CurrentUser | null> {
  const token = $token.get();
  if (loading?.token === token) return loading.member;
  const member = (async () => {
    if (!token) {
      forgetMember();
      return null;
    }
    try {
      const user = await session.call(api.getCurrentUser());
      // a sign-in or sign-out meanwhile has its own load
      if ($token.get() !== token) return null;
      $user.set(user);
      markPage(true);
      return user;
    } catch {
      const now = $token.get();
      if (!now) forgetMember();
      else if (now === token) $user.set(null);
      return null;
    }
  })().finally(() => {
    if (loading?.member === member) loading = undefined;
  });
  loading = { token, member };
  return member;
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

function forgetMember() {
  $user.set(null);
  markPage(false);
}

/** Forgets the token and the member. */
export function signOut() {
  $token.set('');
  forgetMember();
}

/** How long Logout waits for the server to revoke the token before leaving anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * Logout (spec 1 §2.2): forgets the token and the member at once, asks the server to revoke the
 * token (POST /auth/logout, so a copy of it stops working too), and returns to the home page
 * (`home`: the page's language's), whatever the server answers and even when it cannot be reached.
 */
export async function logOutToHome(home = '/'): Promise<void> {
  // sent with the token, which is forgotten at once, before the answer
  const revoking = $token.get() ? session.call(api.logout(), AbortSignal.timeout(LOGOUT_WAIT_MS)) : undefined;
  signOut();
  // Revoked or not, this browser has forgotten the token.
  await revoking?.catch(() => undefined);
  window.location.assign(home);
}

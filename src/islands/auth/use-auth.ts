import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $token } from '../shared/data-layer/session.ts';
import { $user, authStateOf, startAuth } from './auth-store.ts';

/** The auth state and member, started on first use in the page. */
export function useAuth() {
  useEffect(startAuth, []);
  const user = useStore($user);
  return { state: authStateOf(user), user };
}

/**
 * Whether a member's part belongs here: a stored token not refused by the server (a refused one,
 * GET /users/me answering 401, is a visitor after all). Once true it stays true on this page, so a
 * part that was shown stays mounted after a sign-out (it then hides itself or asks to log in).
 * The client:only wrappers of the member parts (watch status, profile, follow buttons) render their
 * lazy part only when this says so: a visitor loads none of it.
 */
export function useMemberPart(): boolean {
  const token = useStore($token);
  const { state } = useAuth();
  const member = useRef(false);
  if (token && state !== 'signed-out') member.current = true;
  return member.current;
}

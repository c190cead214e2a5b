import { useStore } from '@nanostores/react';
import { createElement, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { $token, $user, authStateOf, startAuth } from './auth-store.ts';

/** The auth state and member, started on first use in the page. */
export function useAuth() {
  useEffect(startAuth, []);
  const user = useStore($user);
  return { state: authStateOf(user), user };
}

/**
 * The one gate of the member-only parts of pages (docs/decisions/017): `visitor` (nothing, unless
 * the page needs a visitor's part) while no member can be signed in, and `children` — the member
 * part, a `React.lazy` component, so its chunk loads only now — once a token is stored and not
 * refused (GET /users/me did not sign out), with `loading` meanwhile. A member part once shown stays
 * after a sign-out on the page (it then asks to log in).
 *
 * It lives beside the auth hook, in the chunk every page loads already, and without JSX (no
 * jsx-runtime import in that chunk): a chunk of its own cost a visitor's drama page +165 B (brotli).
 */
export function MemberGate({ visitor, loading, children }: { visitor?: ReactNode; loading?: ReactNode; children: ReactNode }) {
  const token = useStore($token);
  // null: signed out (GET /users/me refused the token, or failed); undefined: still loading
  const { user } = useAuth();
  const member = useRef(false);
  if (token && user !== null) member.current = true;
  return member.current ? createElement(Suspense, { fallback: loading }, children) : visitor;
}

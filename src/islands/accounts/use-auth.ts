import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $user, authStateOf, startAuth } from './auth-store.ts';

/** The auth state and member, started on first use in the page. */
export function useAuth() {
  useEffect(startAuth, []);
  const user = useStore($user);
  return { state: authStateOf(user), user };
}

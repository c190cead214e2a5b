import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $authState, $user, startAuth } from './auth-store.ts';

/** The auth state and member, started on first use in the page. */
export function useAuth() {
  useEffect(startAuth, []);
  return { state: useStore($authState), user: useStore($user) };
}

import { useEffect, type ReactNode } from 'react';
import { loginUrlFor, rememberNext } from '../../lib/accounts/auth-redirect.ts';
import { Spinner } from '../shared/form-ui.tsx';
import { useAuth } from './use-auth.ts';
import type { CurrentUser } from './auth-store.ts';

/**
 * Shows a spinner while auth loads, sends a signed-out visitor to /login (which returns here
 * afterwards), and renders `children(user)` for a member (spec 1 §2.1 guarded routes).
 */
export function AuthGuard({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { state, user } = useAuth();
  useEffect(() => {
    if (state === 'signed-out') {
      const here = window.location.pathname + window.location.search + window.location.hash;
      rememberNext(here);
      window.location.replace(loginUrlFor(here));
    }
  }, [state]);
  if (!user) return <Spinner label="Checking authentication..." />;
  return <>{children(user)}</>;
}

import { useEffect, type ReactNode } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { loginUrlFor, rememberNext } from '../../lib/accounts/auth-redirect.ts';
import { Spinner } from '../shared/form-ui.tsx';
import { useAuth } from './use-auth.ts';
import type { CurrentUser } from './auth-store.ts';

/**
 * Shows a spinner while auth loads, sends a signed-out visitor to /login (in the page's language;
 * it returns here afterwards), and renders `children(user)` for a member (spec 1 §2.1 guarded routes).
 */
export function AuthGuard({ i18n, children }: { i18n: IslandMessages<'islandsShared'>; children: (user: CurrentUser) => ReactNode }) {
  const { state, user } = useAuth();
  useEffect(() => {
    if (state === 'signed-out') {
      const here = window.location.pathname + window.location.search + window.location.hash;
      rememberNext(here);
      window.location.replace(localePath(i18n.locale, loginUrlFor(here)));
    }
  }, [state]);
  if (!user) return <Spinner label={islandTranslator(i18n)('islandsShared.checkingAuth')} />;
  return <>{children(user)}</>;
}

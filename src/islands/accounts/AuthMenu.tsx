import { lazy, Suspense } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { useAuth } from './use-auth.ts';

/** The avatar menu: loaded only once a member is signed in (a visitor's page does not carry it). */
const MemberMenu = lazy(() => import('./MemberMenu.tsx'));

const linkClass = 'rounded-md px-3 py-2 text-sm font-medium';
const placeholder = <div data-testid="auth-placeholder" aria-hidden="true" className="skeleton h-10 w-44 shrink-0 rounded-full" />;

/** Placeholder while loading, Login and Sign Up when signed out, the avatar menu when signed in. */
export default function AuthMenu({ i18n }: { i18n: IslandMessages<'authMenu' | 'islandsShared'> }) {
  const t = islandTranslator(i18n);
  const to = (path: string) => localePath(i18n.locale, path);
  const { state, user } = useAuth();

  if (state === 'loading') return placeholder;
  if (!user) {
    return (
      <div className="flex w-44 shrink-0 items-center justify-end gap-1">
        <a href={to('/login')} className={`${linkClass} text-fg-soft hover:bg-surface-subtle`}>
          {t('authMenu.login')}
        </a>
        <a href={to('/register')} className={`${linkClass} bg-accent text-accent-fg hover:bg-accent-strong`}>
          {t('authMenu.signUp')}
        </a>
      </div>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <MemberMenu user={user} t={t} to={to} />
    </Suspense>
  );
}

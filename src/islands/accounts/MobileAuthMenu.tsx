import { lazy, Suspense } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { useAuth } from './use-auth.ts';

/** The signed-in part: loaded only once a member is signed in (a visitor's page does not carry it). */
const MobileMemberMenu = lazy(() => import('./MobileMemberMenu.tsx'));

const placeholder = <div data-testid="auth-placeholder" aria-hidden="true" className="skeleton h-10 w-full rounded-full" />;

/** The mobile menu's auth part: as the desktop menu, plus View Profile (spec 1 §2.2). */
export default function MobileAuthMenu({ i18n }: { i18n: IslandMessages<'authMenu' | 'islandsShared'> }) {
  const t = islandTranslator(i18n);
  const to = (path: string) => localePath(i18n.locale, path);
  const { state, user } = useAuth();
  if (state === 'loading') return placeholder;
  if (!user) {
    return (
      <div className="grid grid-cols-2 gap-3">
        <a href={to('/login')} className="rounded-md border border-line-strong px-3 py-2 text-center font-medium text-fg">
          {t('authMenu.login')}
        </a>
        <a href={to('/register')} className="rounded-md bg-accent px-3 py-2 text-center font-medium text-accent-fg">
          {t('authMenu.signUp')}
        </a>
      </div>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <MobileMemberMenu user={user} t={t} to={to} />
    </Suspense>
  );
}

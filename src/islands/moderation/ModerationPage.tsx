import { lazy, Suspense } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { loginUrlFor, rememberNext } from '../../lib/accounts/auth-redirect.ts';
import { isStaff } from '../../lib/users/permissions.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { Spinner } from '../shared/form-ui.tsx';

/** The area itself: its chunk is loaded only once the signed-in member is a mod or an admin. */
const ModerationArea = lazy(() => import('./ModerationArea.tsx'));

export type ModerationWords = IslandMessages<'moderation' | 'islandsShared' | 'editReview'>;

/**
 * /moderation (issue 22, docs/decisions/038): a visitor is asked to sign in (and comes back here),
 * a member is told the area is for mods and admins, and a mod or an admin gets the area's tabs.
 */
export default function ModerationPage({ i18n }: { i18n: ModerationWords }) {
  const t = islandTranslator(i18n);
  const { state, user } = useAuth();
  const to = (path: string) => localePath(i18n.locale, path);
  const loading = <Spinner label={t('moderation.gate.loading')} />;

  if (state === 'loading') return loading;
  if (!user) {
    const here = '/moderation';
    return (
      <Notice title={t('moderation.gate.signInTitle')} body={t('moderation.gate.signInBody')}>
        <a href={to(loginUrlFor(here))} onClick={() => rememberNext(here)} className={primary}>
          {t('moderation.gate.signIn')}
        </a>
      </Notice>
    );
  }
  if (!isStaff(user)) {
    return (
      <Notice title={t('moderation.gate.notAllowedTitle')} body={t('moderation.gate.notAllowedBody')}>
        <a href={to('/')} className={primary}>
          {t('moderation.gate.home')}
        </a>
      </Notice>
    );
  }
  return (
    <Suspense fallback={loading}>
      <ModerationArea i18n={i18n} viewer={user} />
    </Suspense>
  );
}

const primary = 'inline-block rounded-lg bg-accent px-4 py-2.5 text-sm font-semibold text-accent-fg hover:bg-accent-strong';

function Notice({ title, body, children }: { title: string; body: string; children: React.ReactNode }) {
  return (
    <section data-testid="moderation-gate" className="mx-auto max-w-md rounded-2xl border border-line bg-surface p-6 text-center shadow-card sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
      <p className="mt-2 text-sm text-fg-muted">{body}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

import { formatDate, formatNumber } from '../../i18n/format.ts';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { Avatar } from '../shared/Avatar.tsx';
import { AuthGuard } from '../auth/AuthGuard.tsx';
import { RoleBadge } from '../shared/RoleBadge.tsx';

/** /profile: the signed-in member's own profile header (spec 2 'Profile screen'). */
export default function OwnProfile({ i18n }: { i18n: IslandMessages<'profile' | 'islandsShared'> }) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  return (
    <AuthGuard i18n={i18n}>
      {(user) => {
        const name = user.full_name || user.username;
        return (
          <section className="container-page py-8">
            <h1 className="text-2xl font-bold text-fg">{t('profile.title')}</h1>
            <div className="mt-6 flex flex-col gap-5 rounded-2xl border border-line bg-surface p-6 shadow-card sm:flex-row sm:items-center">
              <Avatar name={name} src={user.avatar} size={96} />
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-xl font-semibold text-fg">
                  {name} <RoleBadge role={user.role} t={t} />
                </p>
                <p className="text-fg-muted">@{user.username}</p>
                <p className="mt-2 text-fg-soft">{user.bio || t('profile.defaultBio')}</p>
                <p className="mt-2 text-sm text-fg-muted">{t('profile.joined', { date: formatDate(locale, user.created_at, 'month-year') })}</p>
              </div>
              <dl className="grid grid-cols-3 gap-4 text-center">
                {(
                  [
                    ['followers', user.followers_count],
                    ['following', user.following_count],
                    ['profileViews', user.profile_views],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key}>
                    <dd className="text-xl font-bold text-fg">{formatNumber(locale, value)}</dd>
                    <dt className="text-xs text-fg-muted">{t(`profile.${key}`)}</dt>
                  </div>
                ))}
              </dl>
            </div>
          </section>
        );
      }}
    </AuthGuard>
  );
}

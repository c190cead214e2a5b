import { useEffect } from 'react';
import { localePath } from '../../i18n/locales.ts';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { AuthGuard } from '../accounts/AuthGuard.tsx';
import { Spinner } from '../shared/form-ui.tsx';
import { profilePath } from '../../lib/profiles/profile-links.ts';

/**
 * /profile (spec 2 §2, signed in): the own profile is the public one, /user/{username}, which the
 * server renders and the member's island completes ('My Profile', Edit Profile, the owner's
 * controls). A signed-out visitor goes to /login and comes back here (AuthGuard); a member goes
 * on to their profile, replacing this address in the history (docs/decisions/025).
 */
export default function OwnProfile({ i18n }: { i18n: IslandMessages<'profile' | 'islandsShared'> }) {
  const t = islandTranslator(i18n);
  return <AuthGuard i18n={i18n}>{(user) => <GoToProfile username={user.username} locale={i18n.locale} label={t('profile.loading')} />}</AuthGuard>;
}

function GoToProfile({ username, locale, label }: { username: string; locale: IslandMessages<'profile'>['locale']; label: string }) {
  useEffect(() => {
    window.location.replace(localePath(locale, profilePath(username)));
  }, [username, locale]);
  return <Spinner label={label} />;
}

import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { recordProfileView } from '../../lib/api/operations/profiles.ts';
import { canEditProfile, isSelf } from '../../lib/users/permissions.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { session } from '../shared/data-layer/session.ts';
import { BlockControl, useBlockState } from '../blocks/BlockControl.tsx';
import { FollowButton } from '../follows/FollowButton.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { OwnerFavourites } from '../favourites/OwnerFavourites.tsx';
import type { Words } from '../shared/words.tsx';

/** Which member part an island is, by where the page put it. */
export type ProfilePart = 'actions' | 'cover' | 'avatar' | 'favourites-dramas' | 'favourites-cast';

export type ProfileNamespaces = 'profileMember' | 'follow' | 'dramaCard' | 'uploadProblems';

/** The props of the profile's islands (ProfileMember, which loads this part lazily and imports this type only). */
export interface ProfileMemberProps {
  part: ProfilePart;
  userId: number;
  username: string;
  i18n: IslandMessages<ProfileNamespaces>;
  /** the block control's words: given to the `actions` place only (the others have no use for them) */
  blockWords?: IslandMessages<'blocks'>;
}

/** What the member part gets: the island's props and its translator. */
export type MemberProfileProps = ProfileMemberProps & { t: Words<ProfileNamespaces> };

type Locale = MemberProfileProps['i18n']['locale'];

/** A counter of the server's page shows a new number (followers after a follow, views after this visit). */
function setCount(counter: string, value: number, locale: Locale) {
  const el = document.querySelector(`[data-counter="${counter}"] [data-count]`);
  if (el) el.textContent = formatNumber(locale, value);
}

/** 'My Profile' for the owner (and back on sign-out), as the activity timeline's heading does (021). */
function useOwnHeading(own: boolean) {
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('[data-profile-heading]');
    if (!heading || !own) return;
    const theirs = { text: heading.textContent ?? '', title: document.title };
    heading.textContent = heading.dataset.ownHeading ?? theirs.text;
    document.title = heading.dataset.ownTitle ?? theirs.title;
    heading.toggleAttribute('data-own', true);
    return () => {
      heading.textContent = theirs.text;
      document.title = theirs.title;
      heading.removeAttribute('data-own');
    };
  }, [own]);
}

/** The member part of one place of the profile (lazy: only with a stored token). */
export default function MemberProfile(props: MemberProfileProps) {
  const { user } = useAuth();
  // who sees what: the rules of lib/users/permissions.ts (docs/decisions/027)
  const own = isSelf(user, { id: props.userId });
  if (!user) return null;
  if (props.part === 'actions') return own ? <OwnerActions {...props} /> : <VisitorActions {...props} />;
  if (!canEditProfile(user, { id: props.userId })) return null;
  const { t } = props;
  const locale = props.i18n.locale;
  switch (props.part) {
    case 'cover':
      return <ImagePicker field="cover_photo" t={t} locale={locale} />;
    case 'avatar':
      return <ImagePicker field="avatar" t={t} locale={locale} />;
    case 'favourites-dramas':
      return <OwnerFavourites kind="dramas" t={t} locale={locale} />;
    case 'favourites-cast':
      return <OwnerFavourites kind="cast" t={t} locale={locale} />;
  }
}

function OwnerActions({ t, i18n }: MemberProfileProps) {
  useOwnHeading(true);
  return (
    <a
      href={localePath(i18n.locale, '/profile/edit')}
      className="rounded-full border border-line-strong bg-surface px-5 py-2 text-sm font-semibold text-fg hover:bg-surface-subtle"
      data-edit-profile
    >
      {t('profileMember.editProfile')}
    </a>
  );
}

/**
 * Someone else's profile: the view is counted (contract: once a day per viewer), Follow, and the
 * '⋯' block control. A block ends a follow either way: the follow switch is read again then (and
 * stays off while the block lasts).
 */
function VisitorActions({ t, i18n, userId, username, blockWords }: MemberProfileProps) {
  const locale = i18n.locale;
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    session
      .call(recordProfileView(userId))
      .then((answer) => setCount('views', answer.profile_views, locale))
      .catch(() => undefined);
  }, []);
  const [followRead, setFollowRead] = useState(0);
  const blocked = !!useBlockState(userId).answer.data?.blocked;
  const member = { id: userId, username };
  return (
    <>
      <FollowButton key={followRead} member={member} t={t} locale={locale} disabled={blocked} onCount={(n) => setCount('followers', n, locale)} />
      {blockWords && <BlockControl member={member} t={islandTranslator(blockWords)} onChange={() => setFollowRead((n) => n + 1)} />}
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatNumber } from '../../i18n/format.ts';
import { localePath } from '../../i18n/locales.ts';
import { recordProfileView } from '../../lib/api/operations/users.ts';
import { sameUsername } from '../../lib/users/profile-links.ts';
import { useAuth } from '../auth/use-auth.ts';
import { session } from '../shared/data-layer/session.ts';
import { FollowButton } from './FollowButton.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { OwnerFavourites } from './OwnerFavourites.tsx';
import type { MemberProfileProps } from './ProfileMember.tsx';

const slot = (name: string) => document.querySelector<HTMLElement>(`[data-slot="${name}"]`);

function setCount(counter: string, value: number, locale: MemberProfileProps['i18n']['locale']) {
  const el = document.querySelector(`[data-counter="${counter}"] [data-count]`);
  if (el) el.textContent = formatNumber(locale, value);
}

/** 'My Profile' for the owner (and back), as the activity timeline's heading does (021). */
function useOwnHeading(own: boolean) {
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('[data-profile-heading]');
    if (!heading) return;
    const theirs = { text: heading.textContent ?? '', title: document.title };
    if (!own) return;
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

/**
 * The member part of the profile (lazy: only with a stored token). It renders into the places the
 * server left (`data-slot`) with portals, so the page's HTML stays the server's for everyone.
 */
export default function MemberProfile(props: MemberProfileProps) {
  const { user } = useAuth();
  const { t, userId, username } = props;
  const locale = props.i18n.locale;
  const own = !!user && sameUsername(user.username, username);
  useOwnHeading(own);

  // a signed-in member viewing someone else's profile counts a view (contract: once a day each)
  const viewed = useRef(false);
  useEffect(() => {
    if (!user || own || viewed.current) return;
    viewed.current = true;
    session
      .call(recordProfileView(userId))
      .then((answer) => setCount('views', answer.profile_views, locale))
      .catch(() => undefined);
  }, [user, own]);

  const [slots] = useState(() => ({
    actions: slot('actions'),
    cover: slot('cover'),
    avatar: slot('avatar'),
    dramas: slot('favourites-dramas'),
    cast: slot('favourites-cast'),
  }));
  if (!user) return null;

  if (!own) {
    return slots.actions
      ? createPortal(
          <FollowButton member={{ id: userId, username }} t={t} locale={locale} onCount={(n) => setCount('followers', n, locale)} />,
          slots.actions,
        )
      : null;
  }
  return (
    <>
      {slots.actions &&
        createPortal(
          <a
            href={localePath(locale, '/profile/edit')}
            className="rounded-full border border-line-strong bg-surface px-5 py-2 text-sm font-semibold text-fg hover:bg-surface-subtle"
            data-edit-profile
          >
            {t('profileMember.editProfile')}
          </a>,
          slots.actions,
        )}
      {slots.cover && createPortal(<ImagePicker field="cover_photo" t={t} />, slots.cover)}
      {slots.avatar && createPortal(<ImagePicker field="avatar" t={t} />, slots.avatar)}
      {slots.dramas && createPortal(<OwnerFavourites kind="dramas" t={t} locale={locale} />, slots.dramas)}
      {slots.cast && createPortal(<OwnerFavourites kind="cast" t={t} locale={locale} />, slots.cast)}
    </>
  );
}

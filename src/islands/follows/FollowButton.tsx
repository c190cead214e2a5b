import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { localePath } from '../../i18n/locales.ts';
import { loginUrlFor } from '../../lib/accounts/auth-redirect.ts';
import type { FollowState } from '../../lib/api/wire/index.ts';
import type { Words } from '../shared/words.tsx';
import { createFollow } from './follow.ts';

export interface FollowButtonProps {
  member: { id: number; username: string };
  /** the state as known (a followers page's item); undefined: read now */
  initial?: FollowState;
  t: Words<'follow'>;
  locale: 'en' | 'pt-br';
  /** the followers count changed (shown at once, then as the server says) */
  onCount?: (count: number) => void;
  size?: 'md' | 'sm';
  /** no follow is possible now (the caller blocked the member) */
  disabled?: boolean;
}

/** Follow / Unfollow for a signed-in member (never on oneself: the caller decides). */
export function FollowButton({ member, initial, t, locale, onCount, size = 'md', disabled = false }: FollowButtonProps) {
  const [follow] = useState(() => createFollow(member, initial, { failed: t('follow.failed'), signedOut: t('follow.signIn') }));
  const state = useStore(follow.$state);
  const reading = useStore(follow.$reading);
  const status = useStore(follow.$status);
  useEffect(() => {
    if (state) onCount?.(state.followers_count);
  }, [state?.followers_count]);
  const on = !!state?.following;
  const pad = size === 'sm' ? 'px-3 py-1 text-xs' : 'px-5 py-2 text-sm';
  const tone = on ? 'border border-line-strong bg-surface text-fg hover:bg-surface-subtle' : 'bg-accent text-accent-fg hover:bg-accent-strong';
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <button
        type="button"
        aria-pressed={on}
        aria-busy={reading || undefined}
        disabled={disabled || (!state && reading)}
        onClick={() => void follow.toggle()}
        data-follow={member.id}
        className={`rounded-full font-semibold disabled:opacity-60 ${pad} ${tone}`}
      >
        {on ? t('follow.unfollow') : t('follow.follow')}
      </button>
      {status.failure && (
        <span role="alert" className="max-w-56 text-right text-xs text-danger">
          {status.failure.message}
          {status.failure.signIn && (
            <>
              {' '}
              <a className="font-semibold underline" href={localePath(locale, loginUrlFor(window.location.pathname))}>
                {t('follow.logIn')}
              </a>
            </>
          )}
        </span>
      )}
    </span>
  );
}

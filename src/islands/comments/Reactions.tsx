import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { CommentOrder, CommentTarget } from '../../lib/api/operations/comments.ts';
import type { Comment, ReactionType, Reply } from '../../lib/api/wire/index.ts';
import type { Words } from '../shared/words.tsx';
import { createReactions, REACTIONS, reactionStateOf } from './reactions.ts';
import { problemOf } from './problems.ts';

/** the reactions' pictures (drawn, not emoji: the same on every system), filled when chosen */
function Icon({ type, on }: { type: ReactionType; on: boolean }) {
  const fill = on ? 'currentColor' : 'none';
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round">
      {type === 'like' && (
        <>
          <path d="M3.5 9h3v8h-3z" fill={fill} />
          <path d="M6.5 9l3-6a2 2 0 0 1 2 2v3h4.3a1.5 1.5 0 0 1 1.5 1.8l-1.2 6A1.5 1.5 0 0 1 14.6 17H6.5" fill={fill} />
        </>
      )}
      {type === 'love' && <path d="M10 17.5s-6.5-4.1-6.5-8.8A3.7 3.7 0 0 1 10 6.3a3.7 3.7 0 0 1 6.5 2.4c0 4.7-6.5 8.8-6.5 8.8z" fill={fill} />}
      {type === 'laugh' && (
        <>
          <circle cx="10" cy="10" r="7.5" fill={on ? 'currentColor' : 'none'} fillOpacity={on ? 0.2 : 0} />
          <path d="M6.8 8.2l1.2-.9 1.2.9M10.8 8.2l1.2-.9 1.2.9" />
          <path d="M6.5 11.2h7a3.5 3.5 0 0 1-7 0z" fill="currentColor" />
        </>
      )}
    </svg>
  );
}

/**
 * Like, love and laugh (spec 2 §4): toggle buttons (aria-pressed) with their counts, moved at once
 * and corrected by the server's answer. A visitor's press asks to log in.
 */
export function Reactions(props: {
  comment: Comment | Reply;
  target: CommentTarget;
  order: CommentOrder;
  loginHref: string;
  locale: Locale;
  t: Words<'comments'>;
}) {
  const { comment, target, order, loginHref, locale, t } = props;
  const [reactions] = useState(() =>
    createReactions(comment.id, reactionStateOf(comment), { target, order }, { failed: (error) => problemOf(error, t, 'a reaction') ?? t('comments.reactions.failed'), signedOut: t('comments.reactions.signIn') }),
  );
  const state = useStore(reactions.$state);
  const reading = useStore(reactions.$reading);
  const status = useStore(reactions.$status);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <div role="group" aria-label={t('comments.reactions.group')} className="flex items-center gap-1.5">
        {REACTIONS.map((type) => {
          const on = state.type === type;
          const count = state.reactions[type];
          return (
            <button
              key={type}
              type="button"
              aria-pressed={on}
              aria-label={t('comments.reactions.label', { reaction: t(`comments.reactions.${type}`), count })}
              disabled={reading}
              onClick={() => void reactions.choose(type)}
              data-reaction={type}
              className={`inline-flex h-7 items-center gap-1 rounded-full px-2.5 text-xs font-medium ring-1 transition-colors ${
                on ? 'bg-accent-soft text-accent-strong ring-accent' : 'bg-surface text-fg-soft ring-line hover:bg-surface-subtle'
              }`}
            >
              <Icon type={type} on={on} />
              <span className="tabular-nums" data-count>
                {formatNumber(locale, count)}
              </span>
            </button>
          );
        })}
      </div>
      {status.failure && (
        <p role="alert" className="basis-full text-xs text-danger">
          {status.failure.message}
          {status.failure.signIn && (
            <>
              {' '}
              <a href={loginHref} className="font-semibold text-accent-strong underline underline-offset-2">
                {t('comments.reactions.logIn')}
              </a>
            </>
          )}
        </p>
      )}
    </div>
  );
}

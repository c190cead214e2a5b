import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { CommentOrder, CommentTarget } from '../../lib/api/operations/comments.ts';
import type { Comment, ReactionType, Reply } from '../../lib/api/wire/index.ts';
import type { Words } from '../shared/words.tsx';
import { createReactions, REACTIONS, reactionStateOf } from './reactions.ts';
import { problemOf } from './problems.ts';

const ICONS: Record<ReactionType, string> = { like: '👍', love: '❤️', laugh: '😂' };

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
              <span aria-hidden="true">{ICONS[type]}</span>
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

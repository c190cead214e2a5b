import type { ReactNode } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { localePath, type Locale } from '../../i18n/locales.ts';
import { loginUrlFor } from '../../lib/accounts/auth-redirect.ts';
import type { Words } from '../shared/words.tsx';

export interface HeartButtonProps {
  name: string;
  hearts: number;
  hasHearted: boolean;
  /** the state is not known yet (the member's status is being read) */
  waiting: boolean;
  onPress(): void;
  /** the alert under the button, with a link to sign in when it asks to */
  failure: { message: string; signIn: boolean } | null;
  /** what follows the count on the same line (the edit button's place) */
  children?: ReactNode;
  locale: Locale;
  t: Words<'hearts'>;
}

/** The heart button with its count and its alert (spec 1 §2.7, §6), for visitors and members alike. */
export function HeartButton({ name, hearts, hasHearted, waiting, onPress, failure, children, locale, t }: HeartButtonProps) {
  const here = typeof window === 'undefined' ? '/' : window.location.pathname;
  const count = Math.max(0, Math.trunc(hearts));
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={onPress}
          disabled={waiting}
          aria-pressed={hasHearted}
          aria-label={t('hearts.give', { name })}
          className={`inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition-colors disabled:cursor-wait ${
            hasHearted ? 'bg-highlight text-highlight-fg ring-highlight hover:bg-highlight' : 'bg-surface text-highlight-strong ring-highlight-muted hover:bg-highlight-soft'
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" className="size-[18px]">
            <path
              d="M10 17.5s-6.5-4.1-6.5-8.8A3.7 3.7 0 0 1 10 6.3a3.7 3.7 0 0 1 6.5 2.4c0 4.7-6.5 8.8-6.5 8.8z"
              fill={hasHearted ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
          {t(hasHearted ? 'hearts.hearted' : 'hearts.heart')}
        </button>
        <span data-testid="heart-count" aria-live="polite" className="text-sm text-fg-soft">
          <strong className="font-semibold text-fg">{formatNumber(locale, count)}</strong> {t('hearts.unit', { count })}
        </span>
        {children}
      </div>
      {failure && (
        <p role="alert" className="mt-3 rounded-lg border border-highlight-muted bg-highlight-soft px-3 py-2 text-sm text-highlight-strong">
          <span>{failure.message}</span>
          {failure.signIn && (
            <>
              {' '}
              <a href={localePath(locale, loginUrlFor(here))} className="font-semibold text-accent-strong underline underline-offset-2">
                {t('hearts.logIn')}
              </a>
            </>
          )}
        </p>
      )}
    </div>
  );
}

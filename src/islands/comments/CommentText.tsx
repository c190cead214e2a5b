import { useMemo, useState } from 'react';
import { localePath, type Locale } from '../../i18n/locales.ts';
import { commentTokens, type CommentToken, type Mentions } from '../../lib/comments/comment-text.ts';
import { profilePath } from '../../lib/profiles/profile-links.ts';
import type { Words } from '../shared/words.tsx';

const spoilerButton =
  'mx-0.5 inline-flex items-center rounded bg-fg-soft px-1.5 py-0 align-baseline text-xs font-semibold text-surface hover:bg-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** An inline spoiler: a "Show spoiler" button until opened; its text is not in the page before. */
function InlineSpoiler({ tokens, locale, t }: { tokens: CommentToken[]; locale: Locale; t: Words<'comments'> }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className={spoilerButton} onClick={() => setOpen(true)} data-spoiler="inline">
        {t('comments.spoiler.show')}
      </button>
    );
  }
  return (
    <span className="rounded bg-surface-strong px-0.5" data-spoiler-open>
      <Tokens tokens={tokens} locale={locale} t={t} />
    </span>
  );
}

function Tokens({ tokens, locale, t }: { tokens: CommentToken[]; locale: Locale; t: Words<'comments'> }) {
  return (
    <>
      {tokens.map((token, i) => {
        switch (token.kind) {
          case 'text':
            return token.text;
          case 'link':
            return (
              <a key={i} href={token.href} rel="nofollow ugc noopener" target="_blank" className="break-all text-accent-strong underline underline-offset-2 hover:text-accent">
                {token.text}
              </a>
            );
          case 'mention':
            return (
              <a key={i} href={localePath(locale, profilePath(token.username))} className="font-semibold text-accent-strong hover:underline">
                {token.text}
              </a>
            );
          case 'spoiler':
            return <InlineSpoiler key={i} tokens={token.tokens} locale={locale} t={t} />;
        }
      })}
    </>
  );
}

/**
 * A comment's text as React text nodes and links only (docs/decisions/035): http(s) links open in a
 * new tab with rel="nofollow ugc noopener", @mentions of members link to their profiles, inline
 * spoilers stay hidden — absent from the page — until opened. Line breaks are kept (whitespace-pre-wrap).
 */
export function CommentText({ content, mentions, locale, t }: { content: string; mentions: Mentions; locale: Locale; t: Words<'comments'> }) {
  const tokens = useMemo(() => commentTokens(content, mentions), [content, mentions]);
  return (
    <p className="mt-1 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-fg-soft" data-comment-text>
      <Tokens tokens={tokens} locale={locale} t={t} />
    </p>
  );
}

/** A spoiler comment (its `spoiler` flag): a note and "Show spoiler" until opened; the text is not in the page before. */
export function SpoilerComment(props: { content: string; mentions: Mentions; locale: Locale; t: Words<'comments'> }) {
  const [open, setOpen] = useState(false);
  if (open) return <CommentText {...props} />;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-muted" data-spoiler-comment>
      <span className="italic">{props.t('comments.spoiler.comment')}</span>
      <button type="button" className={spoilerButton} onClick={() => setOpen(true)} data-spoiler="comment">
        {props.t('comments.spoiler.show')}
      </button>
    </p>
  );
}

import { useMemo, useState } from 'react';
import { localePath, type Locale } from '../../i18n/locales.ts';
import { commentTokens, type CommentToken, type Mentions } from '../../lib/comments/comment-text.ts';
import { profilePath } from '../../lib/profiles/profile-links.ts';

// A member's text (a comment, a post) as React text nodes and links only (docs/decisions/035), shared
// by the comments block and the social feed: http(s) links open in a new tab with rel="nofollow ugc
// noopener", @mentions of members (those in `mentions`) link to their profiles, inline ||spoilers||
// stay hidden — absent from the page — until opened. Line breaks are kept (whitespace-pre-wrap).

const spoilerButton =
  'mx-0.5 inline-flex items-center rounded bg-fg-soft px-1.5 py-0 align-baseline text-xs font-semibold text-surface hover:bg-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** What the text needs besides itself: the page's language and the words of a spoiler's button. */
interface TextContext {
  mentions: Mentions;
  locale: Locale;
  /** the spoiler button's words ('Show spoiler') */
  showSpoiler: string;
}

/** An inline spoiler: a "Show spoiler" button until opened; its text is not in the page before. */
function InlineSpoiler({ tokens, locale, showSpoiler }: { tokens: CommentToken[]; locale: Locale; showSpoiler: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className={spoilerButton} onClick={() => setOpen(true)} data-spoiler="inline">
        {showSpoiler}
      </button>
    );
  }
  return (
    <span className="rounded bg-surface-strong px-0.5" data-spoiler-open>
      <Tokens tokens={tokens} locale={locale} showSpoiler={showSpoiler} />
    </span>
  );
}

function Tokens({ tokens, locale, showSpoiler }: { tokens: CommentToken[]; locale: Locale; showSpoiler: string }) {
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
            return <InlineSpoiler key={i} tokens={token.tokens} locale={locale} showSpoiler={showSpoiler} />;
        }
      })}
    </>
  );
}

/** The text, as a paragraph (`className` sets its look; `testId` names it for tests: data-comment-text, data-post-text). */
export function RichText({ content, mentions, locale, showSpoiler, className, dataAttr = 'data-comment-text' }: TextContext & { content: string; className?: string; dataAttr?: string }) {
  const tokens = useMemo(() => commentTokens(content, mentions), [content, mentions]);
  return (
    <p className={className ?? 'mt-1 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-fg-soft'} {...{ [dataAttr]: '' }}>
      <Tokens tokens={tokens} locale={locale} showSpoiler={showSpoiler} />
    </p>
  );
}

/**
 * A text flagged as a spoiler as a whole: `note` ('This comment contains spoilers.') and "Show spoiler"
 * until opened; the text is not in the page before.
 */
export function SpoilerText(props: TextContext & { content: string; note: string; className?: string; dataAttr?: string; kind?: string }) {
  const [open, setOpen] = useState(false);
  if (open) return <RichText {...props} />;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-muted" data-spoiler-comment={props.kind === 'post' ? undefined : ''} data-spoiler-post={props.kind === 'post' ? '' : undefined}>
      <span className="italic">{props.note}</span>
      <button type="button" className={spoilerButton} onClick={() => setOpen(true)} data-spoiler={props.kind ?? 'comment'}>
        {props.showSpoiler}
      </button>
    </p>
  );
}

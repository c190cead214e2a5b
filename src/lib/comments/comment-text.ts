// The one reading of a comment's text (docs/decisions/035 "Text is stored as written and rendered as
// text"), shared by the server's pages and the comments island: the text as written becomes tokens —
// plain text, links (http and https only, found by linkify-it), @mentions of members the answer
// names, and inline ||spoilers|| whose inside is read the same way. Rendering turns tokens into
// React text nodes and <a> elements only; nothing here produces HTML. Pure: no DOM, no server import.
import LinkifyIt from 'linkify-it';

export type CommentToken =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; username: string; id: number }
  | { kind: 'spoiler'; tokens: CommentToken[] };

/** lower-cased username → member id (CommentPage.mentions): only these names become links */
export type Mentions = Readonly<Record<string, number>>;

const SPOILER = '||';

// Only web addresses: no mailto:, ftp: or protocol-relative links, no e-mail addresses, and of the
// addresses without a scheme only those starting with www. (checked below).
let linkify: LinkifyIt | undefined;
// (null switches a default scheme off, as linkify-it documents; its types do not say so)
const OFF = { 'ftp:': null, '//': null, 'mailto:': null } as unknown as ConstructorParameters<typeof LinkifyIt>[0];
const finder = () => (linkify ??= new LinkifyIt(OFF, { fuzzyEmail: false, fuzzyIP: false }));

const WEB = /^https?:\/\//i;

/** a member's name after @: letters and digits, 3 to 50 (the username rule), not inside a word or an address */
const MENTION = /(^|[^\p{L}\p{N}@._/-])@([\p{L}\p{N}]{3,50})(?![\p{L}\p{N}])/gu;

function mentionTokens(text: string, mentions: Mentions, into: CommentToken[]) {
  let from = 0;
  for (const match of text.matchAll(MENTION)) {
    const name = match[2] as string;
    const id = Object.hasOwn(mentions, name.toLowerCase()) ? mentions[name.toLowerCase()] : undefined;
    if (typeof id !== 'number') continue;
    const at = (match.index ?? 0) + (match[1] as string).length;
    if (at > from) pushText(into, text.slice(from, at));
    into.push({ kind: 'mention', text: `@${name}`, username: name, id });
    from = at + name.length + 1;
  }
  if (from < text.length) pushText(into, text.slice(from));
}

function pushText(into: CommentToken[], text: string) {
  const last = into.at(-1);
  if (last?.kind === 'text') last.text += text;
  else into.push({ kind: 'text', text });
}

/** links, mentions and text of a piece of text with no spoiler marker in it */
function plainTokens(text: string, mentions: Mentions, into: CommentToken[]) {
  let from = 0;
  // a quick test first: most comments have no link
  const matches = finder().test(text) ? (finder().match(text) ?? []) : [];
  for (const match of matches) {
    const withScheme = WEB.test(match.raw);
    const www = !match.schema && /^www\./i.test(match.raw);
    if (!withScheme && !www) continue;
    const href = withScheme ? match.url : `https://${match.raw}`;
    if (!WEB.test(href)) continue;
    if (match.index > from) mentionTokens(text.slice(from, match.index), mentions, into);
    into.push({ kind: 'link', text: match.raw, href });
    from = match.lastIndex;
  }
  if (from < text.length) mentionTokens(text.slice(from), mentions, into);
}

/**
 * The tokens of a comment's text. `||inside||` is an inline spoiler (its inside read for links and
 * mentions too); markers pair left to right, an empty pair (`||||`) and an unclosed `||` stay
 * text, and spoilers do not nest (`||a ||b|| c||` is the spoilers "a " and " c" around "b").
 */
export function commentTokens(content: string, mentions: Mentions = {}): CommentToken[] {
  const tokens: CommentToken[] = [];
  let from = 0;
  let plainFrom = 0;
  while (from < content.length) {
    const open = content.indexOf(SPOILER, from);
    if (open < 0) break;
    const close = content.indexOf(SPOILER, open + SPOILER.length);
    if (close < 0) break;
    const inside = content.slice(open + SPOILER.length, close);
    if (!inside.trim()) {
      // `||||` or `|| ||`: not a spoiler; the next marker may open one
      from = open + SPOILER.length;
      continue;
    }
    if (open > plainFrom) plainTokens(content.slice(plainFrom, open), mentions, tokens);
    const hidden: CommentToken[] = [];
    plainTokens(inside, mentions, hidden);
    tokens.push({ kind: 'spoiler', tokens: hidden });
    from = plainFrom = close + SPOILER.length;
  }
  if (plainFrom < content.length) plainTokens(content.slice(plainFrom), mentions, tokens);
  return tokens;
}

/** the text a token list reads as (spoilers included): for tests and plain-text uses */
export const tokensText = (tokens: CommentToken[]): string =>
  tokens.map((t) => (t.kind === 'spoiler' ? `||${tokensText(t.tokens)}||` : t.text)).join('');

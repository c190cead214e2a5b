import { describe, expect, it } from 'vitest';
import { commentTokens, tokensText, type CommentToken } from '../../../src/lib/comments/comment-text.ts';

const mentions = { ana: 7, 'joão': 9 };
const links = (tokens: CommentToken[]): string[] =>
  tokens.flatMap((t) => (t.kind === 'link' ? [t.href] : t.kind === 'spoiler' ? links(t.tokens) : []));

describe('commentTokens', () => {
  it('reads plain text as one text token', () => {
    expect(commentTokens('Loved the ending.')).toEqual([{ kind: 'text', text: 'Loved the ending.' }]);
    expect(commentTokens('')).toEqual([]);
  });

  it('makes http, https and www. addresses links, and keeps the text around them', () => {
    expect(commentTokens('See https://example.com/a?b=1 and www.kdrama.com/x now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'www.kdrama.com/x', href: 'https://www.kdrama.com/x' },
      { kind: 'text', text: ' now' },
    ]);
    expect(links(commentTokens('(http://example.org/page).'))).toEqual(['http://example.org/page']);
  });

  it('leaves e-mail addresses, bare domains, mailto:, ftp: and // addresses as text', () => {
    for (const text of ['write to ana@example.com', 'go to example.com', 'mailto:ana@example.com', 'ftp://files.example.com/x', '//example.com/x']) {
      const tokens = commentTokens(text);
      expect(links(tokens), text).toEqual([]);
      expect(tokensText(tokens)).toBe(text);
    }
  });

  it('never makes a link of script text or a javascript:, data: or vbscript: address', () => {
    const hostile = [
      '<script>alert(1)</script>',
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)',
      '<a href="javascript:alert(1)">x</a>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '<img src=x onerror=alert(1)>',
    ];
    for (const text of hostile) {
      const tokens = commentTokens(text, mentions);
      expect(links(tokens), text).toEqual([]);
      expect(tokens, text).toEqual([{ kind: 'text', text }]);
    }
    // an address after a script tag is a link, the tag stays text
    const mixed = commentTokens('<script>https://example.com</script>');
    expect(links(mixed)).toEqual(['https://example.com']);
    expect(tokensText(mixed)).toBe('<script>https://example.com</script>');
    for (const href of links(commentTokens('http://x.test/"onmouseover="alert(1) https://y.test/<b>'))) expect(href).toMatch(/^https?:\/\//);
  });

  it('links @mentions of the members the answer names, whatever the case, and no one else', () => {
    expect(commentTokens('Hi @Ana and @bob, ask @joão', mentions)).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@Ana', username: 'Ana', id: 7 },
      { kind: 'text', text: ' and @bob, ask ' },
      { kind: 'mention', text: '@joão', username: 'joão', id: 9 },
    ]);
    // not inside a word or an e-mail address, not a prefix of a longer name
    for (const text of ['mail ana@ana.test', 'x@ana', '@anabel', '@@ana']) {
      expect(commentTokens(text, mentions).some((t) => t.kind === 'mention'), text).toBe(false);
    }
    // names of the object prototype are not members
    expect(commentTokens('@constructor @toString', mentions)).toEqual([{ kind: 'text', text: '@constructor @toString' }]);
  });

  it('reads ||inline spoilers||, with links and mentions inside them', () => {
    expect(commentTokens('He is ||the killer, says @ana https://x.test|| wow', mentions)).toEqual([
      { kind: 'text', text: 'He is ' },
      {
        kind: 'spoiler',
        tokens: [
          { kind: 'text', text: 'the killer, says ' },
          { kind: 'mention', text: '@ana', username: 'ana', id: 7 },
          { kind: 'text', text: ' ' },
          { kind: 'link', text: 'https://x.test', href: 'https://x.test' },
        ],
      },
      { kind: 'text', text: ' wow' },
    ]);
    expect(commentTokens('||a|| and ||b||')).toEqual([
      { kind: 'spoiler', tokens: [{ kind: 'text', text: 'a' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'spoiler', tokens: [{ kind: 'text', text: 'b' }] },
    ]);
  });

  it('keeps unclosed, empty and "nested" markers as text, pairing markers left to right', () => {
    expect(commentTokens('an || unclosed marker')).toEqual([{ kind: 'text', text: 'an || unclosed marker' }]);
    expect(commentTokens('||||')).toEqual([{ kind: 'text', text: '||||' }]);
    expect(commentTokens('|| || x')).toEqual([{ kind: 'text', text: '|| || x' }]);
    expect(commentTokens('||a ||b|| c||')).toEqual([
      { kind: 'spoiler', tokens: [{ kind: 'text', text: 'a ' }] },
      { kind: 'text', text: 'b' },
      { kind: 'spoiler', tokens: [{ kind: 'text', text: ' c' }] },
    ]);
    expect(commentTokens('||one|| ||two')).toEqual([
      { kind: 'spoiler', tokens: [{ kind: 'text', text: 'one' }] },
      { kind: 'text', text: ' ||two' },
    ]);
    expect(commentTokens('a|||b|||c')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'spoiler', tokens: [{ kind: 'text', text: '|b' }] },
      { kind: 'text', text: '|c' },
    ]);
  });

  it('reads very long and marker-heavy text quickly and losslessly', () => {
    const long = `${'word '.repeat(20_000)}https://example.com ${'||'.repeat(5_001)} ${'@ana '.repeat(2_000)}${'a'.repeat(50_000)}`;
    const started = performance.now();
    const tokens = commentTokens(long, mentions);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(tokensText(tokens)).toBe(long);
    expect(links(tokens)).toEqual(['https://example.com']);
    expect(tokens.filter((t) => t.kind === 'mention')).toHaveLength(2_000);
  });
});

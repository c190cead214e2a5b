// Which @names of a page of comments are looked up as mentions (services/comments/comment-reads.ts,
// docs/decisions/035 amended in issue 20): usernames' shape (3–50 letters or digits), not inside an
// e-mail address or a longer word, lower-cased as written, each once.
import { describe, expect, it } from 'vitest';
import { mentionedNames } from '../../../src/lib/server/services/mentions/mentions.ts';

describe('mentionedNames', () => {
  it('finds @names at the start, after spaces and punctuation, in any script, lower-cased, once each', () => {
    expect(mentionedNames(['@Hana loved it, (@minji) and @하나짱!', 'again @hana; @ＦＵＬＬ'])).toEqual(['hana', 'minji', '하나짱', 'ｆｕｌｌ']);
  });

  it('leaves out e-mail addresses, names too short or too long, and @ inside a word', () => {
    expect(mentionedNames(['mail x@hana.com', 'a.@hana', 'me@@hana', '@ab', `@${'a'.repeat(51)}`, 'word@hana', '@under_score'])).toEqual([]);
  });

  it('takes at most 200 distinct names from a page', () => {
    const text = Array.from({ length: 300 }, (_, n) => `@member${n}`).join(' ');
    expect(mentionedNames([text])).toHaveLength(200);
  });
});

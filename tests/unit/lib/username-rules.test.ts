import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findUsernameProblem,
  hasAllowedScripts,
  isReservedUsername,
  normalizeUsername,
  PATH_WORDS,
  sameUsernameIgnoringCase,
  scriptOf,
  usernameSkeleton,
} from '../../../src/lib/accounts/username-rules.ts';
import { DEMO_ACCOUNTS } from '../../../src/lib/server/seed/accounts.ts';
import { composeMember, reserveDemoUsernames } from '../../../src/lib/server/seed/members.ts';

const HANGUL = '\ud55c\uad6d\uc5b4'; // 한국어

describe('normalizeUsername', () => {
  it('stores NFKC: full-width letters are plain, decomposed Hangul is composed', () => {
    expect(normalizeUsername('ａｄｍｉｎ')).toBe('admin');
    expect(normalizeUsername(HANGUL.normalize('NFD'))).toBe(HANGUL);
    expect(normalizeUsername(' Seoul ')).toBe('Seoul');
  });
});

describe('usernameSkeleton (UTS #39, whatever the case)', () => {
  it.each([
    ['Аdmin', 'admin'], // Cyrillic А
    ['ａｄｍｉｎ', 'admin'],
    ['moderatοr', 'moderator'], // Greek ο
    ['ADMIN', 'admin'],
    ['\u0440\u0430\u0441\u043e', 'paco'], // all Cyrillic
    ['b0b', 'bob'],
    ['i11', 'ill'],
    [HANGUL.normalize('NFD'), HANGUL],
  ])('%j looks like %j', (a, b) => {
    expect(usernameSkeleton(a)).toBe(usernameSkeleton(b));
  });

  it('tells different names apart', () => {
    expect(usernameSkeleton('paco')).not.toBe(usernameSkeleton('pace'));
    expect(usernameSkeleton('東京')).not.toBe(usernameSkeleton('京都'));
  });

  it('a change of letter case only keeps the skeleton', () => {
    expect(sameUsernameIgnoringCase('Hana', 'hANA')).toBe(true);
    expect(usernameSkeleton('Hana')).toBe(usernameSkeleton('hANA'));
    expect(sameUsernameIgnoringCase('hana', 'hena')).toBe(false);
  });
});

describe('scripts', () => {
  it.each(['Seoul', 'Seoul2024', '東京タワー', 'とうきょう東京', 'ひらがなカタカナ漢字', '한국漢字', 'ㄅㄆ中文', 'Κώστας', 'Москва', 'กรุงเทพ', '12345'])(
    'accepts %j: one script, or a highly restrictive mix, digits with any',
    (name) => {
      expect(hasAllowedScripts(name)).toBe(true);
    },
  );

  it.each(['Аdmin', 'moderatοr', 'Pacoпа', 'abcαβγ', '한국abc', '한국カタ', 'ㄅㄆ한국', 'Seoulソウル'])('refuses the mix %j', (name) => {
    expect(hasAllowedScripts(name)).toBe(false);
  });

  it('knows the script of every letter and digit but Common and Inherited ones', () => {
    const unknown: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const char = String.fromCodePoint(cp);
      if (/[\p{L}\p{N}]/u.test(char) && scriptOf(char) === 'Unknown') unknown.push(cp.toString(16));
    }
    expect(unknown).toEqual([]);
  });
});

describe('reserved words', () => {
  it.each(['Аdmin', 'ａｄｍｉｎ', 'moderatοr', 'administrator', 'staff', 'api', 'profile', 'Support', 'ROOT', 'official', 'settings', 'notifications', 'moderation', 'help', 'users', 'user', 'social'])(
    'reserves %j',
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
      expect(findUsernameProblem(normalizeUsername(name))).toBe('reserved');
    },
  );

  it.each(['admin1', 'profiles2', 'Seoul', 'demo'])('leaves %j free', (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });

  it('holds every first path segment the site serves (src/pages), so the list cannot fall behind', () => {
    const pages = path.resolve('src/pages');
    const segments = readdirSync(pages)
      .map((entry) => entry.replace(/\.(astro|ts|js|md|mdx)$/, ''))
      .filter((segment) => segment !== 'index' && segment !== '404' && !segment.startsWith('['));
    expect(segments.length).toBeGreaterThan(10);
    expect(segments.filter((segment) => !(PATH_WORDS as readonly string[]).includes(segment.toLowerCase()))).toEqual([]);
  });
});

describe('the demo seed', () => {
  it('keeps its demo accounts and gives generated members names no two of which look alike', () => {
    expect(DEMO_ACCOUNTS.map((a) => a.username)).toEqual(['admin', 'moderator', 'demo']);
    const taken = reserveDemoUsernames();
    const skeletons = new Set(taken);
    for (let id = 4; id < 2004; id++) {
      const member = composeMember(1, id, 20_000, taken);
      expect(skeletons.has(usernameSkeleton(member.username))).toBe(false);
      skeletons.add(usernameSkeleton(member.username));
      expect(hasAllowedScripts(member.username)).toBe(true);
    }
  });
});

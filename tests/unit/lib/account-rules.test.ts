import { describe, expect, it } from 'vitest';
import { findPasswordProblem, passwordChecklist } from '../../../src/lib/accounts/account-rules.ts';
import { EmailSchema, UsernameSchema } from '../../../src/lib/api/wire/accounts.ts';

describe('findPasswordProblem', () => {
  it('checks the rules in the order of the spec and reports only the first broken one', () => {
    expect(findPasswordProblem('abc', 'abd')).toBe('Passwords do not match');
    expect(findPasswordProblem('abc', 'abc')).toBe('Password must be at least 8 characters long');
    expect(findPasswordProblem('abcdefgh1', 'abcdefgh1')).toBe('Password must contain at least one uppercase letter');
    expect(findPasswordProblem('Abcdefghi', 'Abcdefghi')).toBe('Password must contain at least one digit');
    expect(findPasswordProblem('Abcdefg1', 'Abcdefg1')).toBeUndefined();
  });

  it('skips the match check when there is no confirmation (the server side)', () => {
    expect(findPasswordProblem('Abcdefg1')).toBeUndefined();
  });
});

describe('passwordChecklist', () => {
  it('ticks each item of the live checklist independently', () => {
    expect(passwordChecklist('')).toEqual({ length: false, uppercase: false, digit: false });
    expect(passwordChecklist('A1')).toEqual({ length: false, uppercase: true, digit: true });
    expect(passwordChecklist('abcdefgh')).toEqual({ length: true, uppercase: false, digit: false });
  });
});

describe('UsernameSchema', () => {
  it('accepts 3 to 50 letters and digits, in any script', () => {
    expect(UsernameSchema.safeParse('kdrama4life').success).toBe(true);
    expect(UsernameSchema.safeParse('민지').success).toBe(false);
    expect(UsernameSchema.safeParse('민지팬').success).toBe(true);
    expect(UsernameSchema.safeParse('ab').success).toBe(false);
    expect(UsernameSchema.safeParse('a'.repeat(51)).success).toBe(false);
    expect(UsernameSchema.safeParse('with-dash').success).toBe(false);
  });
});

describe('EmailSchema', () => {
  it('trims and validates e-mail addresses', () => {
    expect(EmailSchema.parse('  fan@example.com ')).toBe('fan@example.com');
    expect(EmailSchema.safeParse('fan@').success).toBe(false);
  });
});

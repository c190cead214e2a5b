// A suspended member's sign-in refusal in the page's language (contract "Moderating members").
import { describe, expect, it } from 'vitest';
import { islandMessages } from '../../../src/i18n/catalogue.ts';
import { islandTranslator } from '../../../src/i18n/island.ts';
import { ApiClientError } from '../../../src/lib/api/api-client.ts';
import { suspendedProblem } from '../../../src/islands/accounts/suspended-problem.ts';
import { signInLinkProblem } from '../../../src/islands/accounts/sign-in-link-problem.ts';

const refusal = () => Object.assign(new ApiClientError(403, 'This account is suspended until March 5, 2027 at 2:00 PM UTC.'), { suspendedUntil: '2027-03-05T14:00:00.000Z' });

describe('suspendedProblem', () => {
  it('says the suspension in English and in Portuguese; anything else is not one', () => {
    const en = islandTranslator(islandMessages('en', 'auth'));
    const pt = islandTranslator(islandMessages('pt-br', 'auth'));
    expect(suspendedProblem(refusal(), 'en', en)).toBe('This account is suspended until March 5, 2027 at 2:00 PM UTC.');
    expect(suspendedProblem(refusal(), 'pt-br', pt)).toBe('Esta conta está suspensa até 5 de março de 2027 às 14:00 UTC.');
    expect(suspendedProblem(new ApiClientError(403, 'Please verify your email'), 'pt-br', pt)).toBeUndefined();
    expect(suspendedProblem(new Error('x'), 'en', en)).toBeUndefined();
    // redeeming a sign-in link: the suspension, not the link's fallback
    expect(signInLinkProblem(refusal(), 'pt-br', pt, 'fallback', { onlyTooMany: true })).toBe('Esta conta está suspensa até 5 de março de 2027 às 14:00 UTC.');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';

// The person page's state for a bug (spec 1 §8), which a real database cannot be made to give: the
// services stand in. Everything else the page loads and shows, on a real database: tests/api/person-page.test.ts.
const services = vi.hoisted(() => ({ getPerson: vi.fn(), getFilmography: vi.fn() }));
vi.mock('../../../src/lib/server/services/people/people.ts', () => ({ getPerson: services.getPerson }));
vi.mock('../../../src/lib/server/services/people/filmography.ts', () => ({ getFilmography: services.getFilmography }));
const db = vi.hoisted(() => ({ pool: true }));
vi.mock('../../../src/lib/server/db/client.ts', () => ({ getDb: async () => db }));

const { loadPersonPage } = await import('../../../src/lib/server/services/people/person-page.ts');

const person = { id: 7, name: 'Han Ji Min', dateOfBirth: '1982-11-05' };

beforeEach(() => {
  vi.resetAllMocks();
});

describe('loadPersonPage', () => {
  it('turns a bug (any other failure) into the error state (Failed to Load Person), never a throw', async () => {
    services.getPerson.mockResolvedValue(person);
    services.getFilmography.mockRejectedValue(new Error('invalid input syntax'));
    expect(await loadPersonPage('7')).toEqual({ kind: 'error', reason: 'failed', status: 500, failure: { status: 500 } });
  });
});

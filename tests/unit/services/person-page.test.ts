import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '../../../src/lib/server/errors.ts';

// The person page's states (spec 1 §2.7, §5, §8) from what the services answer; the services
// themselves are tested over HTTP in tests/api.
const services = vi.hoisted(() => ({ getPerson: vi.fn(), getFilmography: vi.fn() }));
vi.mock('../../../src/lib/server/services/people/people.ts', () => ({ getPerson: services.getPerson }));
vi.mock('../../../src/lib/server/services/people/filmography.ts', () => ({ getFilmography: services.getFilmography }));
const db = vi.hoisted(() => ({ pool: true }));
vi.mock('../../../src/lib/server/db/client.ts', () => ({ getDb: async () => db }));

const { loadPersonPage } = await import('../../../src/lib/server/services/people/person-page.ts');

const empty = { drama: [], movie: [], tv_show: [], special: [], other: [] };
const person = { id: 7, name: 'Han Ji Min', dateOfBirth: '1982-11-05' };

beforeEach(() => {
  vi.resetAllMocks();
  services.getFilmography.mockResolvedValue(empty);
});

describe('loadPersonPage', () => {
  it('loads the person, the age on the day and the filmography', async () => {
    services.getPerson.mockResolvedValue(person);
    const result = await loadPersonPage('007', '2026-11-05');
    expect(result).toEqual({ kind: 'ok', data: { person: { ...person, age: 44 }, filmography: empty } });
    expect(services.getPerson).toHaveBeenCalledWith(db, 7);
  });

  it('answers 400 for an id that is not all digits, without asking the database', async () => {
    expect(await loadPersonPage('abc')).toEqual({ kind: 'error', reason: 'invalid-id', status: 400 });
    expect(services.getPerson).not.toHaveBeenCalled();
  });

  it('answers 404 for nobody, and for an address that names no person', async () => {
    services.getPerson.mockRejectedValue(new NotFoundError('Person not found'));
    expect(await loadPersonPage('99999')).toEqual({ kind: 'error', reason: 'not-found', status: 404 });
    expect(await loadPersonPage('1/2')).toEqual({ kind: 'error', reason: 'no-page', status: 404 });
  });

  it('turns any other failure into the error state (Failed to Load Person), never a throw', async () => {
    services.getPerson.mockResolvedValue(person);
    services.getFilmography.mockRejectedValue(new Error('invalid input syntax'));
    expect(await loadPersonPage('7')).toEqual({ kind: 'error', reason: 'failed', status: 500, failure: { status: 500 } });
    services.getFilmography.mockRejectedValue(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    expect(await loadPersonPage('7')).toEqual({ kind: 'error', reason: 'failed', status: 503, failure: { noResponse: true } });
  });
});

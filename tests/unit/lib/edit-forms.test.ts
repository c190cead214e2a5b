import { describe, expect, it } from 'vitest';
import type { Drama, Person } from '../../../src/lib/api/wire/index.ts';
import {
  dialogChanges,
  dialogFailure,
  dialogForm,
  dramaChanges,
  dramaForm,
  dramaFormProblem,
  personChanges,
  personForm,
  personFormProblem,
  submitFailure,
} from '../../../src/lib/catalogue-editing/edit-forms.ts';

const drama: Drama = {
  id: 7,
  title: 'Crash Landing',
  original_title: null,
  native_title: ['사랑의 불시착'],
  also_known_as: ['CLOY'],
  synopsis: 'A paraglider lands in the North.',
  status: 'airing',
  type: 'tv_show',
  country: 'South Korea',
  year: 2019,
  episodes: 16,
  duration: 70,
  aired_date: null,
  aired_start: '2019-12-14',
  aired_end: null,
  broadcast: null,
  original_network: 'tvN',
  network: null,
  content_rating: null,
  rating: 9,
  votes: 10,
  ranked: null,
  popularity: 3,
  watchers: 5,
  banner_image: null,
  poster_image: null,
  main_photo: null,
  thumbnail: null,
  image: null,
  photos: [],
  genres: [{ id: 1, name: 'Romance' }],
  tags: [],
};

const person: Person = {
  id: 3,
  name: 'Hyun Bin',
  native_name: '현빈',
  biography: 'Actor.',
  gender: 'Male',
  nationality: ['South Korean'],
  date_of_birth: '1982-09-25',
  age: 44,
  image: null,
  also_known_as: ['Kim Tae Pyung'],
  hearts: 10,
  popularity: 1,
};

describe('the drama edit page form (spec 2 §2, §4, §5)', () => {
  it('starts from the drama, the status and type normalised to the page options', () => {
    const form = dramaForm({ ...drama, status: 'AIRING' as Drama['status'], type: 'TV_Show' as Drama['type'] });
    expect(form).toMatchObject({ status: 'airing', type: 'tv_show', episodes: '16', network: 'tvN', native_title: '사랑의 불시착', genres: ['Romance'] });
  });

  it('sends only the changed fields; a cleared date or count is null; the source note with a suggestion only', () => {
    const before = dramaForm(drama);
    const now = { ...before, title: ' Crash Landing on You ', episodes: '', aired_start: '', genres: ['Romance', 'Comedy'], source_note: 'tvN site' };
    expect(dramaChanges(before, now, true)).toEqual({ title: 'Crash Landing on You', episodes: null, aired_start: null, genres: ['Romance', 'Comedy'], source_note: 'tvN site' });
    expect(dramaChanges(before, now, false)).not.toHaveProperty('source_note');
    expect(dramaChanges(before, { ...before, title: 'Crash Landing  ', source_note: 'x' }, true)).toEqual({});
  });

  it('requires a title, episodes a whole number from 0, dates in order', () => {
    const form = dramaForm(drama);
    expect(dramaFormProblem({ ...form, title: '  ' })).toEqual({ field: 'title', problem: 'required' });
    expect(dramaFormProblem({ ...form, episodes: '-1' })).toEqual({ field: 'episodes', problem: 'episodesMin' });
    expect(dramaFormProblem({ ...form, episodes: '2.5' })).toEqual({ field: 'episodes', problem: 'wholeNumber' });
    expect(dramaFormProblem({ ...form, episodes: '0' })).toBeNull();
    expect(dramaFormProblem({ ...form, aired_end: '2019-01-01' })).toEqual({ field: 'aired_end', problem: 'endBeforeStart' });
    expect(dramaFormProblem(form)).toBeNull();
  });
});

describe('the Edit Drama dialog (spec 1 §2.6, spec 2 §5)', () => {
  it('offers AIRING, COMPLETED, UPCOMING: another status is left as it is', () => {
    expect(dialogForm({ ...drama, status: 'cancelled' }).status).toBe('');
    expect(dialogForm(drama).status).toBe('airing');
  });

  it('sends only non-blank changed fields, and says when nothing changed', () => {
    const before = dialogForm(drama);
    expect(dialogChanges(before, before)).toEqual({ problem: { field: 'form', problem: 'noChanges' } });
    expect(dialogChanges(before, { ...before, network: '', synopsis: ' ' })).toEqual({ problem: { field: 'form', problem: 'noChanges' } });
    expect(dialogChanges(before, { ...before, title: 'New', year: '2020', status: 'completed', type: 'movie' })).toEqual({
      body: { title: 'New', year: 2020, status: 'completed', type: 'movie' },
    });
  });

  it('requires a title, a year 1900–2030 and at least 1 episode', () => {
    const before = dialogForm(drama);
    expect(dialogChanges(before, { ...before, title: '' })).toEqual({ problem: { field: 'title', problem: 'required' } });
    expect(dialogChanges(before, { ...before, year: '1899' })).toEqual({ problem: { field: 'year', problem: 'year' } });
    expect(dialogChanges(before, { ...before, year: '2031' })).toEqual({ problem: { field: 'year', problem: 'year' } });
    expect(dialogChanges(before, { ...before, episodes: '0' })).toEqual({ problem: { field: 'episodes', problem: 'episodesMin1' } });
    expect(dialogChanges(before, { ...before, year: '1900', episodes: '1' })).toEqual({ body: { year: 1900, episodes: 1 } });
  });
});

describe('person edit (spec 2 "Person edit", §5)', () => {
  it('trims also-known-as and drops empties; sends only what changed', () => {
    const before = personForm(person);
    const now = { ...before, also_known_as: [' Kim Tae Pyung ', '', 'Binnie'], gender: 'Other' as const, nationality: 'South Korean, ' };
    expect(personChanges(before, now, false)).toEqual({ also_known_as: ['Kim Tae Pyung', 'Binnie'], gender: 'Other' });
    expect(personChanges(before, { ...before, date_of_birth: '', source_note: 'wiki' }, true)).toEqual({ date_of_birth: null, source_note: 'wiki' });
  });

  it('requires a name', () => {
    expect(personFormProblem({ ...personForm(person), name: ' ' })).toEqual({ field: 'name', problem: 'required' });
    expect(personFormProblem(personForm(person))).toBeNull();
  });
});

describe('what a failed edit says (spec 2 §8)', () => {
  it('page and person: 403, 400, else the detail, else Failed to submit edit', () => {
    expect(submitFailure({ status: 403, detail: 'x' })).toEqual({ key: 'forbidden' });
    expect(submitFailure({ status: 400, detail: 'title: too long' })).toEqual({ key: 'invalid' });
    expect(submitFailure({ status: 409, detail: 'The field title is locked' })).toEqual({ detail: 'The field title is locked' });
    expect(submitFailure({ status: 500 })).toEqual({ key: 'failed' });
    expect(submitFailure(null)).toEqual({ key: 'failed' });
  });

  it('dialog: a server error, else the detail, else Update failed', () => {
    expect(dialogFailure({ status: 500 })).toEqual({ key: 'serverError' });
    expect(dialogFailure({ status: 400, detail: 'bad year' })).toEqual({ detail: 'bad year' });
    expect(dialogFailure({ status: 0 })).toEqual({ key: 'failed' });
  });
});

// Mappers from the services' rows to the answers of the people calls (their schemas: src/lib/api/wire/people.ts),
// and the person id of their paths; the hearts calls use it too.
import { z } from '@hono/zod-openapi';
import { ageOn, todayUtc } from '../../../people/person-facts.ts';
import type { Filmography, FilmographyEntry } from '../../services/people/filmography.ts';
import type { PersonRecord, PersonSummary } from '../../services/people/people.ts';
import { FilmographyEntrySchema, FilmographySchema, PersonSchema, PersonSummarySchema } from '../../../api/wire/people.ts';
import { pathIdHook, pathIdParams } from '../schemas.ts';

/** Digits only (spec 1 §5); the message is the spec's own. Too large to exist is a 404. */
export const PersonIdParams = pathIdParams('Invalid person ID');
export const personIdHook = pathIdHook('Invalid person ID');

export function toPersonSummary(person: PersonSummary, today = todayUtc()): z.infer<typeof PersonSummarySchema> {
  return {
    id: person.id,
    name: person.name,
    native_name: person.nativeName,
    nationality: person.nationality,
    gender: person.gender,
    image: person.image,
    hearts: person.hearts,
    popularity: person.popularity,
    age: ageOn(person.dateOfBirth, today),
    date_of_birth: person.dateOfBirth,
  };
}

export function toPerson(person: PersonRecord, today = todayUtc()): z.infer<typeof PersonSchema> {
  return {
    id: person.id,
    name: person.name,
    native_name: person.nativeName,
    biography: person.biography ?? '',
    gender: person.gender,
    nationality: person.nationality,
    date_of_birth: person.dateOfBirth,
    age: ageOn(person.dateOfBirth, today),
    image: person.image,
    also_known_as: person.alsoKnownAs,
    hearts: person.hearts,
    popularity: person.popularity,
  };
}

const toFilmographyEntry = (entry: FilmographyEntry): z.infer<typeof FilmographyEntrySchema> => ({
  id: entry.id,
  title: entry.title,
  role_name: entry.roleName,
  role_type: entry.roleType,
  year: entry.year,
  type: entry.type,
  banner_image: entry.bannerImage,
  poster_image: entry.posterImage,
  main_photo: entry.mainPhoto,
  // dramas have no `image` of their own; kept for the spec's item shape
  image: null,
  photos: entry.photos,
});

export function toFilmography(groups: Filmography): z.infer<typeof FilmographySchema> {
  return {
    drama: groups.drama.map(toFilmographyEntry),
    movie: groups.movie.map(toFilmographyEntry),
    tv_show: groups.tv_show.map(toFilmographyEntry),
    special: groups.special.map(toFilmographyEntry),
    other: groups.other.map(toFilmographyEntry),
  };
}

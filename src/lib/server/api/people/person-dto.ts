import { z } from '@hono/zod-openapi';
import { ageOn, PERSON_GENDERS, todayUtc } from '../../../people/person-facts.ts';
import type { Filmography, FilmographyEntry } from '../../services/people/filmography.ts';
import type { HeartState } from '../../services/hearts/hearts.ts';
import type { PersonRecord, PersonSummary } from '../../services/people/people.ts';

const Gender = z.enum(PERSON_GENDERS).nullable();
const Day = z.string().nullable().openapi({ example: '1991-01-04', description: 'YYYY-MM-DD' });
const Age = z.number().int().nullable().openapi({ description: 'whole years from the birth date to today (UTC)' });

export const PersonSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    native_name: z.string().nullable(),
    nationality: z.array(z.string()),
    gender: Gender,
    image: z.string().nullable(),
    hearts: z.number().int(),
    popularity: z.number().int().nullable().openapi({ description: 'rank, 1 = most popular' }),
    age: Age,
    date_of_birth: Day,
  })
  .openapi('PersonSummary');

export const PersonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    native_name: z.string().nullable(),
    biography: z.string(),
    gender: Gender,
    nationality: z.array(z.string()),
    date_of_birth: Day,
    age: Age,
    image: z.string().nullable(),
    also_known_as: z.array(z.string()),
    hearts: z.number().int(),
    popularity: z.number().int().nullable(),
  })
  .openapi('Person');

const FilmographyEntrySchema = z
  .object({
    id: z.number().int().openapi({ description: "the drama's id" }),
    title: z.string(),
    role_name: z.string().nullable(),
    role_type: z.string(),
    year: z.number().int().nullable(),
    type: z.string(),
    banner_image: z.string().nullable(),
    poster_image: z.string().nullable(),
    main_photo: z.string().nullable(),
    image: z.null(),
    photos: z.array(z.string()),
  })
  .openapi('FilmographyEntry');

export const FilmographySchema = z
  .object({
    drama: z.array(FilmographyEntrySchema),
    movie: z.array(FilmographyEntrySchema),
    tv_show: z.array(FilmographyEntrySchema),
    special: z.array(FilmographyEntrySchema),
    other: z.array(FilmographyEntrySchema),
  })
  .openapi('Filmography');

export const PeopleFilterOptionsSchema = z
  .object({ nationalities: z.array(z.string()), genders: z.array(z.enum(PERSON_GENDERS)) })
  .openapi('PeopleFilterOptions');

export const HeartStateSchema = z.object({ hearts: z.number().int(), has_hearted: z.boolean() }).openapi('HeartState');

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

export const toHeartState = (state: HeartState): z.infer<typeof HeartStateSchema> => ({
  hearts: state.hearts,
  has_hearted: state.hasHearted,
});

// The answers of the people calls (spec 1 §3 Person, filmography, the people search).
import { z } from '@hono/zod-openapi';
import { PERSON_GENDERS } from '../../people/person-facts.ts';
import { pagedSchema } from './common.ts';

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

export const FilmographyEntrySchema = z
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

/** One page of the people search. */
export const PersonPageSchema = pagedSchema(PersonSummarySchema);

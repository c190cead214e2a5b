// The answers of the dramas calls (spec 1 §3 Drama, cast entry, filter options, the paged and
// ranked lists of cards).
import { z } from '@hono/zod-openapi';
import { DRAMA_STATUSES, DRAMA_TYPES } from '../../dramas/drama-filters.ts';
import { pagedSchema } from './common.ts';

const Day = z.string().nullable().openapi({ example: '2024-01-05', description: 'YYYY-MM-DD' });
const Named = z.object({ id: z.number().int(), name: z.string() });
const figures = {
  rating: z.number().openapi({ description: "mean of members' scores, 0 when none" }),
  votes: z.number().int().openapi({ description: 'number of scores' }),
  ranked: z.number().int().nullable().openapi({ description: 'rank by rating among dramas with 100+ votes' }),
  popularity: z.number().int().nullable().openapi({ description: 'rank by watchers, 1 = most watched' }),
  watchers: z.number().int().openapi({ description: "members with the drama on a list" }),
};
const images = {
  banner_image: z.string().nullable(),
  poster_image: z.string().nullable(),
  main_photo: z.string().nullable(),
  thumbnail: z.string().nullable(),
  image: z.null().openapi({ description: 'always null: the other image fields carry the pictures' }),
};

export const DramaCardSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    original_title: z.string().nullable(),
    year: z.number().int().nullable(),
    episodes: z.number().int().nullable(),
    type: z.enum(DRAMA_TYPES),
    country: z.string(),
    status: z.enum(DRAMA_STATUSES),
    aired_start: Day,
    ...figures,
    ...images,
    photos: z.array(z.string()).openapi({ description: 'the first few photos' }),
    genres: z.array(Named),
  })
  .openapi('DramaCard');

export const DramaPageSchema = pagedSchema(DramaCardSchema).openapi('DramaPage');
export const RankedListSchema = z.object({ data: DramaPageSchema }).openapi('RankedDramaList');

export const DramaSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    original_title: z.string().nullable(),
    native_title: z.array(z.string()),
    also_known_as: z.array(z.string()),
    synopsis: z.string(),
    status: z.enum(DRAMA_STATUSES),
    type: z.enum(DRAMA_TYPES),
    country: z.string(),
    year: z.number().int().nullable(),
    episodes: z.number().int().nullable(),
    duration: z.number().int().nullable().openapi({ description: 'minutes per episode' }),
    aired_date: z.string().nullable().openapi({
      description: "'Jan 5, 2024 - Feb 24, 2024'; 'Jan 5, 2024 - ?' while a series has no last day; one day for films",
    }),
    aired_start: Day,
    aired_end: Day,
    broadcast: z.string().nullable().openapi({ description: 'air days, e.g. "Friday, Saturday"' }),
    original_network: z.string().nullable(),
    network: z.string().nullable(),
    content_rating: z.string().nullable(),
    ...figures,
    ...images,
    photos: z.array(z.string()),
    genres: z.array(Named),
    tags: z.array(Named),
  })
  .openapi('Drama');

export const EpisodeSchema = z
  .object({
    id: z.number().int(),
    number: z.number().int(),
    title: z.string().nullable(),
    air_date: Day,
    runtime: z.number().int().nullable().openapi({ description: 'minutes' }),
  })
  .openapi('Episode');

export const CastEntrySchema = z
  .object({
    id: z.number().int(),
    role_type: z.enum(['main', 'support', 'guest', 'director', 'screenwriter']),
    role_name: z.string().nullable(),
    person: z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable() }),
  })
  .openapi('CastEntry');

const Range = (description: string) => z.object({ min: z.number(), max: z.number() }).openapi({ description });

export const DramaFilterOptionsSchema = z
  .object({
    countries: z.array(z.string()),
    genres: z.array(Named),
    tags: z.array(Named),
    types: z.array(z.string()),
    statuses: z.array(z.string()),
    years: z.array(z.number().int()).openapi({ description: 'distinct years, newest first' }),
    year_range: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
    episode_range: Range('0-100 when there are no dramas'),
    rating_range: Range('0-10 when there are no dramas'),
  })
  .openapi('DramaFilterOptions');

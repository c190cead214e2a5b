// The favourites calls (spec 2 §3 favourites; contract "Watch lists and activity").
import { z } from '@hono/zod-openapi';

export const FavouriteDramaSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    year: z.number().int().nullable(),
    country: z.string(),
    banner_image: z.string().nullable(),
    poster_image: z.string().nullable(),
    main_photo: z.string().nullable(),
    thumbnail: z.string().nullable(),
    photos: z.array(z.string()),
  })
  .openapi('FavouriteDrama');

export const FavouriteCastSchema = z
  .object({ id: z.number().int(), name: z.string(), image: z.string().nullable(), nationality: z.array(z.string()) })
  .openapi('FavouriteCast');

export const FavouriteDramasSchema = z.array(FavouriteDramaSchema).openapi('FavouriteDramas');
export const FavouriteCastListSchema = z.array(FavouriteCastSchema).openapi('FavouriteCastList');

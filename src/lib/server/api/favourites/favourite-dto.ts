// Mappers from the favourites service's records to the answers of its calls (schemas:
// src/lib/api/wire/favourites.ts).
import type { z } from '@hono/zod-openapi';
import type { FavouriteDrama, FavouritePerson } from '../../services/favourites/favourites.ts';
import type { FavouriteCastSchema, FavouriteDramaSchema } from '../../../api/wire/favourites.ts';

export const toFavouriteDrama = (d: FavouriteDrama): z.infer<typeof FavouriteDramaSchema> => ({
  id: d.id,
  title: d.title,
  year: d.year,
  country: d.country,
  banner_image: d.bannerImage,
  poster_image: d.posterImage,
  main_photo: d.mainPhoto,
  thumbnail: d.thumbnail,
  photos: d.photos,
});

export const toFavouriteCast = (p: FavouritePerson): z.infer<typeof FavouriteCastSchema> => ({
  id: p.id,
  name: p.name,
  image: p.image,
  nationality: p.nationality,
});

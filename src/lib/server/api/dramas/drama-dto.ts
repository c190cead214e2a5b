// Mappers from the services' rows to the answers of the dramas calls (their schemas: src/lib/api/wire/dramas.ts).
import { z } from '@hono/zod-openapi';
import { formatAiredDate } from '../../../dramas/aired-date.ts';
import { DRAMA_STATUSES, DRAMA_TYPES } from '../../../dramas/drama-filters.ts';
import type { DramaCard } from '../../services/dramas/drama-cards.ts';
import type { DramaFilterOptions } from '../../../drama-search/drama-filter-options.ts';
import type { CastRow, DramaRecord, EpisodeRow } from '../../services/dramas/dramas.ts';
import {
  CastEntrySchema,
  DramaCardSchema,
  DramaFilterOptionsSchema,
  DramaSchema,
  EpisodeSchema,
} from '../../../api/wire/dramas.ts';

type Status = (typeof DRAMA_STATUSES)[number];
type Type = (typeof DRAMA_TYPES)[number];

export function toDramaCard(card: DramaCard): z.infer<typeof DramaCardSchema> {
  return {
    id: card.id,
    title: card.title,
    original_title: card.originalTitle,
    year: card.year,
    episodes: card.episodes,
    type: card.type as Type,
    country: card.country,
    status: card.status as Status,
    aired_start: card.airedStart,
    rating: card.rating,
    votes: card.votes,
    ranked: card.ranked,
    popularity: card.popularity,
    watchers: card.watchers,
    banner_image: card.bannerImage,
    poster_image: card.posterImage,
    main_photo: card.mainPhoto,
    thumbnail: card.thumbnail,
    image: null,
    photos: card.photos,
    genres: card.genres,
  };
}

export function toDrama(d: DramaRecord): z.infer<typeof DramaSchema> {
  return {
    id: d.id,
    title: d.title,
    original_title: d.originalTitle,
    native_title: d.nativeTitles,
    also_known_as: d.alsoKnownAs,
    synopsis: d.synopsis ?? '',
    status: d.status as Status,
    type: d.type as Type,
    country: d.country,
    year: d.year,
    episodes: d.episodes,
    duration: d.duration,
    aired_date: formatAiredDate(d),
    aired_start: d.airedStart,
    aired_end: d.airedEnd,
    broadcast: d.broadcast,
    // one network per drama in the data model: the original network is the network
    original_network: d.network,
    network: d.network,
    content_rating: d.contentRating,
    rating: d.rating,
    votes: d.votes ?? 0,
    ranked: d.ranked,
    popularity: d.popularity,
    watchers: d.watchers ?? 0,
    banner_image: d.bannerImage,
    main_photo: d.mainPhoto,
    poster_image: d.posterImage,
    thumbnail: d.thumbnail,
    image: null,
    photos: d.photos,
    genres: d.genres,
    tags: d.tags,
  };
}

export const toEpisode = (e: EpisodeRow): z.infer<typeof EpisodeSchema> => ({
  id: e.id,
  number: e.number,
  title: e.title,
  air_date: e.airDate,
  runtime: e.runtime,
});

export const toCastEntry = (c: CastRow): z.infer<typeof CastEntrySchema> => ({
  id: c.id,
  role_type: c.roleType as z.infer<typeof CastEntrySchema>['role_type'],
  role_name: c.roleName,
  person: { id: c.personId, name: c.personName, image: c.personImage },
});

export const toFilterOptions = (o: DramaFilterOptions): z.infer<typeof DramaFilterOptionsSchema> => ({
  countries: o.countries,
  genres: o.genres,
  tags: o.tags,
  types: o.types,
  statuses: o.statuses,
  years: o.years,
  year_range: o.yearRange,
  episode_range: o.episodeRange,
  rating_range: o.ratingRange,
});

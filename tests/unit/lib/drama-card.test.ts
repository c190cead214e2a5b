import { describe, expect, it } from 'vitest';
import {
  cardFromWire,
  cardImageSrc,
  formatCardRating,
  formatEpisodes,
  formatYear,
  pickCardImage,
  stripTrailingC,
  truncateTitle,
} from '../../../src/lib/dramas/drama-card.ts';

describe('pickCardImage', () => {
  const all = {
    bannerImage: '/banner.jpg',
    firstPhoto: '/photo.jpg',
    posterImage: '/poster.jpg',
    mainPhoto: '/main.jpg',
    thumbnail: '/thumb.jpg',
    image: '/image.jpg',
  };

  it('prefers the banner image', () => {
    expect(pickCardImage(all)).toBe('/banner.jpg');
  });

  it('falls back in the order banner, first photo, poster, main photo, thumbnail, image', () => {
    expect(pickCardImage({ ...all, bannerImage: null })).toBe('/photo.jpg');
    expect(pickCardImage({ ...all, bannerImage: null, firstPhoto: null })).toBe('/poster.jpg');
    expect(pickCardImage({ mainPhoto: '/main.jpg', thumbnail: '/thumb.jpg', image: '/image.jpg' })).toBe('/main.jpg');
    expect(pickCardImage({ thumbnail: '/thumb.jpg', image: '/image.jpg' })).toBe('/thumb.jpg');
    expect(pickCardImage({ image: '/image.jpg' })).toBe('/image.jpg');
  });

  it('treats blank strings as missing', () => {
    expect(pickCardImage({ bannerImage: '  ', posterImage: '/poster.jpg' })).toBe('/poster.jpg');
  });

  it('returns null when the drama has no image at all', () => {
    expect(pickCardImage({})).toBeNull();
    expect(pickCardImage({ bannerImage: null, image: '' })).toBeNull();
  });
});

describe('stripTrailingC', () => {
  it('strips a c just before the extension', () => {
    expect(stripTrailingC('/a/poster123c.jpg')).toBe('/a/poster123.jpg');
    expect(stripTrailingC('https://cdn.example/img/Xyz9c.webp')).toBe('https://cdn.example/img/Xyz9.webp');
  });

  it('keeps query strings and fragments working', () => {
    expect(stripTrailingC('/a/poster123c.jpg?w=300&fmt=c')).toBe('/a/poster123.jpg?w=300&fmt=c');
    expect(stripTrailingC('/a/poster123c.png#top')).toBe('/a/poster123.png#top');
  });

  it('leaves other filenames alone', () => {
    expect(stripTrailingC('/a/poster123.jpg')).toBe('/a/poster123.jpg');
    expect(stripTrailingC('/a/posterC.jpg')).toBe('/a/posterC.jpg');
    expect(stripTrailingC('/abc/poster.jpg')).toBe('/abc/poster.jpg');
    expect(stripTrailingC('/a/c.jpg')).toBe('/a/c.jpg');
    expect(stripTrailingC('/a/music')).toBe('/a/music');
  });

  it('strips only the last character of the filename, once', () => {
    expect(stripTrailingC('/a/abcc.jpg')).toBe('/a/abc.jpg');
  });
});

describe('cardImageSrc', () => {
  it('chooses the image and strips the trailing c', () => {
    expect(cardImageSrc({ posterImage: '/p/1c.jpg' })).toBe('/p/1.jpg');
    expect(cardImageSrc({})).toBeNull();
  });
});

describe('truncateTitle', () => {
  it('keeps titles of up to 40 characters', () => {
    const forty = 'a'.repeat(40);
    expect(truncateTitle(forty)).toBe(forty);
    expect(truncateTitle('Crash Landing on You')).toBe('Crash Landing on You');
  });

  it('cuts longer titles to 37 characters plus three dots', () => {
    const title = 'The Legend of the Blue Sea and the Forty-One Stars';
    const cut = truncateTitle(title);
    expect(cut).toBe(`${title.slice(0, 37)}...`);
    expect(cut).toHaveLength(40);
    expect(truncateTitle('b'.repeat(41))).toBe(`${'b'.repeat(37)}...`);
  });
});

describe('formatCardRating', () => {
  it('shows one decimal when the rating is above 0', () => {
    expect(formatCardRating(8.46)).toBe('8.5');
    expect(formatCardRating(9)).toBe('9.0');
    expect(formatCardRating(0.04)).toBe('0.0');
  });

  it('shows no badge for 0, negative or missing ratings', () => {
    expect(formatCardRating(0)).toBeNull();
    expect(formatCardRating(-1)).toBeNull();
    expect(formatCardRating(null)).toBeNull();
    expect(formatCardRating(undefined)).toBeNull();
    expect(formatCardRating(Number.NaN)).toBeNull();
  });
});

describe('formatYear', () => {
  it('shows the year', () => {
    expect(formatYear(2024)).toBe('2024');
    expect(formatYear('2019')).toBe('2019');
  });

  it("shows 'Unknown' when the year is missing", () => {
    expect(formatYear(null)).toBe('Unknown');
    expect(formatYear(undefined)).toBe('Unknown');
    expect(formatYear('')).toBe('Unknown');
    expect(formatYear(0)).toBe('Unknown');
  });
});

describe('formatEpisodes', () => {
  it("shows the count as 'N eps'", () => {
    expect(formatEpisodes(16)).toBe('16 eps');
    expect(formatEpisodes(1)).toBe('1 eps');
  });

  it('shows nothing when the count is unknown', () => {
    expect(formatEpisodes(null)).toBeNull();
  });
});

describe('cardFromWire', () => {
  it("gives an API list item the card's shape, its first photo among the images", () => {
    const wire = {
      id: 7,
      title: 'Moon River',
      original_title: null,
      year: 2024,
      episodes: 16,
      type: 'Drama',
      country: 'South Korea',
      status: 'Finished Airing',
      aired_start: '2024-01-05',
      rating: 8.4,
      votes: 120,
      ranked: 3,
      popularity: 10,
      watchers: 900,
      banner_image: null,
      poster_image: '/p/moonc.jpg',
      main_photo: null,
      thumbnail: null,
      image: null,
      photos: ['/ph/1.jpg'],
      genres: [],
    } as unknown as Parameters<typeof cardFromWire>[0];
    const card = cardFromWire(wire);
    expect(card).toMatchObject({ id: 7, title: 'Moon River', year: 2024, episodes: 16, rating: 8.4, type: 'Drama', country: 'South Korea' });
    expect(cardImageSrc(card)).toBe('/ph/1.jpg');
    expect(cardImageSrc(cardFromWire({ ...wire, photos: [] }))).toBe('/p/moon.jpg');
  });
});

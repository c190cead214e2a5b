import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/catalogue.ts';
import {
  detailPosterSrc,
  dramaLoadErrorMessage,
  dramaNetwork,
  formatDetailRating,
  formatDuration,
  formatPopularity,
  genreSearchHref,
  photoSrc,
  rankLabel,
  stepPhoto,
  tabFromHash,
  tagSearchHref,
  votesLabel,
} from '../../../src/lib/dramas/drama-detail.ts';

const t = translator('en');
const pt = translator('pt-br');

describe('detailPosterSrc', () => {
  const all = {
    mainPhoto: '/main.jpg',
    posterImage: '/poster.jpg',
    bannerImage: '/banner.jpg',
    thumbnail: '/thumb.jpg',
    image: '/image.jpg',
    photos: ['/photo.jpg'],
  };

  it('prefers the main photo', () => {
    expect(detailPosterSrc(all)).toBe('/main.jpg');
  });

  it('falls back in the order main photo, poster, banner, thumbnail, image, first photo', () => {
    expect(detailPosterSrc({ ...all, mainPhoto: null })).toBe('/poster.jpg');
    expect(detailPosterSrc({ ...all, mainPhoto: null, posterImage: '' })).toBe('/banner.jpg');
    expect(detailPosterSrc({ thumbnail: '/thumb.jpg', image: '/image.jpg', photos: ['/p.jpg'] })).toBe('/thumb.jpg');
    expect(detailPosterSrc({ image: '/image.jpg', photos: ['/p.jpg'] })).toBe('/image.jpg');
    expect(detailPosterSrc({ photos: ['/p.jpg', '/q.jpg'] })).toBe('/p.jpg');
    expect(detailPosterSrc({ photos: [{ url: '/obj.jpg' }] })).toBe('/obj.jpg');
  });

  it('treats blank fields as missing and answers null when there is no image at all', () => {
    expect(detailPosterSrc({ mainPhoto: '  ', posterImage: null, photos: [] })).toBeNull();
    expect(detailPosterSrc({})).toBeNull();
  });

  it('drops a trailing c before the extension, as cards do', () => {
    expect(detailPosterSrc({ mainPhoto: '/a/poster123c.jpg?v=2' })).toBe('/a/poster123.jpg?v=2');
    expect(detailPosterSrc({ photos: ['/a/stillc.png'] })).toBe('/a/still.png');
    expect(detailPosterSrc({ posterImage: '/a/c.jpg' })).toBe('/a/c.jpg');
  });
});

describe('photoSrc', () => {
  it('reads strings and objects with url, image, src or path', () => {
    expect(photoSrc('/a.jpg')).toBe('/a.jpg');
    expect(photoSrc({ image: '/b.jpg' })).toBe('/b.jpg');
    expect(photoSrc({ src: '/c.jpg' })).toBe('/c.jpg');
    expect(photoSrc({ path: '/d.jpg' })).toBe('/d.jpg');
    expect(photoSrc({ url: '', image: '/e.jpg' })).toBe('/e.jpg');
    expect(photoSrc({})).toBeNull();
    expect(photoSrc(null)).toBeNull();
    expect(photoSrc('  ')).toBeNull();
  });
});

describe('figures', () => {
  it('shows the rating with three decimals', () => {
    expect(formatDetailRating(8.225225)).toBe('8.225');
    expect(formatDetailRating(7)).toBe('7.000');
    expect(formatDetailRating(9.9996)).toBe('10.000');
    expect(formatDetailRating(8.225225, 'pt-br')).toBe('8,225');
    expect(formatDetailRating(null)).toBe('0.000');
    expect(formatDetailRating(Number.NaN)).toBe('0.000');
  });

  it('counts votes with separators', () => {
    expect(votesLabel(1234, t)).toBe('1,234 votes');
    expect(votesLabel(1, t)).toBe('1 vote');
    expect(votesLabel(undefined, t)).toBe('0 votes');
  });

  it('shows the rank, or Not Ranked Yet with the 100-votes note under 100 votes', () => {
    expect(rankLabel(12, 250, t)).toEqual({ label: '#12', note: null });
    expect(rankLabel(1204, 250, t)).toEqual({ label: '#1,204', note: null });
    expect(rankLabel(null, 99, t)).toEqual({ label: 'Not Ranked Yet', note: '(100+ votes required)' });
    expect(rankLabel(null, 0, t)).toEqual({ label: 'Not Ranked Yet', note: '(100+ votes required)' });
    expect(rankLabel(null, 100, t)).toEqual({ label: 'Not Ranked Yet', note: null });
    expect(rankLabel(undefined, undefined, t)).toEqual({ label: 'Not Ranked Yet', note: '(100+ votes required)' });
  });

  it('shows popularity as a rank, or N/A', () => {
    expect(formatPopularity(3, t)).toBe('#3');
    expect(formatPopularity(null, t)).toBe('N/A');
  });
});

describe('details list', () => {
  it('writes durations in hours and minutes', () => {
    expect(formatDuration(45, t)).toBe('45 min.');
    expect(formatDuration(60, t)).toBe('1 hr.');
    expect(formatDuration(70, t)).toBe('1 hr. 10 min.');
    expect(formatDuration(0, t)).toBeNull();
    expect(formatDuration(null, t)).toBeNull();
  });

  it('takes the original network, else the broadcast', () => {
    expect(dramaNetwork({ originalNetwork: 'tvN', broadcast: 'Friday' })).toBe('tvN');
    expect(dramaNetwork({ network: 'KBS2', broadcast: 'Friday' })).toBe('KBS2');
    expect(dramaNetwork({ network: ' ', broadcast: 'Friday, Saturday' })).toBe('Friday, Saturday');
    expect(dramaNetwork({})).toBeNull();
  });

  it('links genre and tag chips to the search sorted by popularity', () => {
    expect(genreSearchHref(7)).toBe('/search/drama?sort_by=popularity&genre=7');
    expect(tagSearchHref(42)).toBe('/search/drama?sort_by=popularity&tag=42');
  });
});

describe('tabFromHash', () => {
  it('reads #details, #cast and #photos, and defaults to details', () => {
    expect(tabFromHash('#cast')).toBe('cast');
    expect(tabFromHash('#photos')).toBe('photos');
    expect(tabFromHash('#details')).toBe('details');
    expect(tabFromHash('#PHOTOS')).toBe('photos');
    expect(tabFromHash('')).toBe('details');
    expect(tabFromHash('#comments')).toBe('details');
    expect(tabFromHash(undefined)).toBe('details');
  });
});

describe('dramaLoadErrorMessage', () => {
  it('gives the spec 1 §8 message for each failure', () => {
    expect(dramaLoadErrorMessage({ status: 404 }, t)).toBe('Drama not found. It may have been removed or the ID is incorrect.');
    expect(dramaLoadErrorMessage({ status: 500 }, t)).toBe(
      'The server encountered an error while processing your request. This might be due to invalid data for this drama.',
    );
    expect(dramaLoadErrorMessage({ status: 503 }, t)).toBe('Failed to load drama details. Server responded with error: 503');
    expect(dramaLoadErrorMessage({ noResponse: true }, t)).toBe(
      'Unable to connect to the server. Please check your internet connection and try again.',
    );
    expect(dramaLoadErrorMessage({ unknown: true }, t)).toBe('Failed to load drama details. Please try again later.');
  });
});

describe('stepPhoto', () => {
  it('moves forward and back, wrapping at both ends', () => {
    expect(stepPhoto(0, 1, 3)).toBe(1);
    expect(stepPhoto(2, 1, 3)).toBe(0);
    expect(stepPhoto(0, -1, 3)).toBe(2);
    expect(stepPhoto(1, -1, 3)).toBe(0);
    expect(stepPhoto(0, 1, 1)).toBe(0);
    expect(stepPhoto(0, 1, 0)).toBe(0);
  });
});

describe('the drama page in Portuguese', () => {
  it('words the figures and messages in pt-BR with Brazilian separators', () => {
    expect(votesLabel(1234, pt)).toBe('1.234 votos');
    expect(votesLabel(1, pt)).toBe('1 voto');
    expect(rankLabel(1204, 250, pt, 'pt-br')).toEqual({ label: '#1.204', note: null });
    expect(rankLabel(null, 99, pt, 'pt-br')).toEqual({ label: 'Ainda sem posição', note: '(mínimo de 100 votos)' });
    expect(formatDuration(70, pt)).toBe('1 h 10 min');
    expect(dramaLoadErrorMessage({ status: 503 }, pt)).toBe('Não foi possível carregar os detalhes do dorama. O servidor respondeu com o erro: 503');
  });
});

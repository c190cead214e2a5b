import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/catalogue.ts';
import { dramaSearchHref, exploreGroups, footerGroups } from '../../../src/lib/ui/site.ts';

const EXPLORE_GROUPS = exploreGroups(translator('en'));
const FOOTER_GROUPS = footerGroups(translator('en'));

describe('dramaSearchHref', () => {
  it('goes to the drama search with the text as q, URL-encoded', () => {
    expect(dramaSearchHref('goblin')).toBe('/search/drama?q=goblin');
    expect(dramaSearchHref('  love & war ')).toBe('/search/drama?q=love%20%26%20war');
    expect(dramaSearchHref('사랑')).toBe(`/search/drama?q=${encodeURIComponent('사랑')}`);
  });

  it('does nothing for blank or whitespace-only text', () => {
    expect(dramaSearchHref('')).toBeNull();
    expect(dramaSearchHref('   \t ')).toBeNull();
  });
});

describe('navigation structure', () => {
  it('has the four Explore columns in order', () => {
    expect(EXPLORE_GROUPS.map((g) => g.title)).toEqual(['Browse', 'People', 'Genres', 'Countries']);
  });

  it('sends genre and country items to the drama search with the name as parameter', () => {
    const genres = EXPLORE_GROUPS[2]!.links;
    expect(genres.find((l) => l.label === 'Romance')?.href).toBe('/search/drama?genre=Romance');
    const countries = EXPLORE_GROUPS[3]!.links;
    expect(countries.find((l) => l.label === 'South Korea')?.href).toBe('/search/drama?country=South%20Korea');
    expect(countries.at(-1)).toEqual({ label: 'All Countries', href: '/search/drama' });
  });

  it('shows Join Community to signed-out visitors only', () => {
    const community = FOOTER_GROUPS.find((g) => g.title === 'Community')!;
    expect(community.links.find((l) => l.label === 'Join Community')).toMatchObject({ href: '/register', signedOutOnly: true });
  });
});

describe('navigation in Portuguese', () => {
  it('words the menus in pt-BR and keeps the English values in the links', () => {
    const groups = exploreGroups(translator('pt-br'));
    expect(groups.map((g) => g.title)).toEqual(['Navegar', 'Pessoas', 'Gêneros', 'Países']);
    expect(groups[3]!.links[0]).toEqual({ label: 'Coreia do Sul', href: '/search/drama?country=South%20Korea' });
  });
});

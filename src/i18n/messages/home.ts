import type { Translation } from '../translate.ts';

/** The home page (spec 1 §2.4). */
const en = {
  description: '{tagline}. Browse Korean, Chinese, Japanese, Thai and Taiwanese dramas, keep watch lists and join the community.',
  welcome: 'Welcome to {site}',
  catalogueCount: { one: '{count} dramas, movies and shows in the catalogue', other: '{count} dramas, movies and shows in the catalogue' },
  browseDramas: 'Browse Dramas',
  joinCommunity: 'Join the Community',
  empty: 'The catalogue is empty for now. Check back soon.',
  rows: {
    upcoming: 'Upcoming Dramas',
    airing: 'Top Airing Shows',
    topRated: 'Top Rated',
    popular: 'Most Popular',
  },
};

const ptBr: Translation<typeof en> = {
  description: '{tagline}. Explore doramas coreanos, chineses, japoneses, tailandeses e taiwaneses, monte suas listas e participe da comunidade.',
  welcome: 'Boas-vindas ao {site}',
  catalogueCount: { one: '{count} doramas, filmes e programas no catálogo', other: '{count} doramas, filmes e programas no catálogo' },
  browseDramas: 'Ver doramas',
  joinCommunity: 'Participe da comunidade',
  empty: 'O catálogo ainda está vazio. Volte em breve.',
  rows: {
    upcoming: 'Doramas em breve',
    airing: 'Mais vistos em exibição',
    topRated: 'Mais bem avaliados',
    popular: 'Mais populares',
  },
};

export default { en, 'pt-br': ptBr };

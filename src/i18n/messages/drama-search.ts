import type { Translation } from '../translate.ts';

/** The drama search page's own words (spec 1 §2.8); the filter panel island has its own namespace. */
const en = {
  title: 'Drama Search',
  titleFor: '“{q}” – Drama Search',
  description: 'Search and filter Asian dramas, movies and shows by genre, country, year, episodes and rating.',
  heading: 'Search Dramas',
  results: 'Results',
  found: { one: '{count} drama found', other: '{count} dramas found' },
  sortBy: 'Sort by',
  bestMatch: 'Best match',
  sorts: {
    popularity: 'Popularity',
    rating: 'Rating',
    title: 'Title (A-Z)',
    title_desc: 'Title (Z-A)',
    year: 'Year (Newest)',
    year_desc: 'Year (Oldest)',
  },
  loadFailed: 'Failed to load dramas. Please try again later.',
  none: 'No dramas found matching your criteria.',
  clear: 'Clear Filters',
  loading: 'Loading dramas…',
};

const ptBr: Translation<typeof en> = {
  title: 'Busca de doramas',
  titleFor: '“{q}” – Busca de doramas',
  description: 'Busque e filtre doramas, filmes e programas asiáticos por gênero, país, ano, episódios e nota.',
  heading: 'Buscar doramas',
  results: 'Resultados',
  found: { one: '{count} dorama encontrado', other: '{count} doramas encontrados' },
  sortBy: 'Ordenar por',
  bestMatch: 'Mais relevantes',
  sorts: {
    popularity: 'Popularidade',
    rating: 'Nota',
    title: 'Título (A-Z)',
    title_desc: 'Título (Z-A)',
    year: 'Ano (mais recentes)',
    year_desc: 'Ano (mais antigos)',
  },
  loadFailed: 'Não foi possível carregar os doramas. Tente novamente mais tarde.',
  none: 'Nenhum dorama encontrado com esses critérios.',
  clear: 'Limpar filtros',
  loading: 'Carregando doramas…',
};

export default { en, 'pt-br': ptBr };

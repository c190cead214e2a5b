import type { Translation } from '../translate.ts';

/** Words used across the site: the layout's navbar and footer, shared states. */
const en = {
  site: {
    tagline: 'Track, discover and share your favorite Asian dramas',
  },
  language: {
    label: 'Language',
    switchTo: 'Read this page in {language}',
  },
  states: {
    loading: 'Loading...',
    tryAgain: 'Try again',
  },
  pagination: {
    label: 'Pagination',
    previous: 'Previous',
    next: 'Next',
  },
  viewAll: 'View all',
  viewAllOf: 'View all: {title}',
  searchTabs: {
    label: 'Search type',
    dramas: 'Dramas',
    people: 'People',
  },
  theme: {
    dark: 'Dark theme',
  },
};

const ptBr: Translation<typeof en> = {
  site: {
    tagline: 'Acompanhe, descubra e compartilhe seus doramas asiáticos favoritos',
  },
  language: {
    label: 'Idioma',
    switchTo: 'Ler esta página em {language}',
  },
  states: {
    loading: 'Carregando...',
    tryAgain: 'Tentar novamente',
  },
  pagination: {
    label: 'Paginação',
    previous: 'Anterior',
    next: 'Próxima',
  },
  viewAll: 'Ver tudo',
  viewAllOf: 'Ver tudo: {title}',
  searchTabs: {
    label: 'Tipo de busca',
    dramas: 'Doramas',
    people: 'Pessoas',
  },
  theme: {
    dark: 'Tema escuro',
  },
};

export default { en, 'pt-br': ptBr };

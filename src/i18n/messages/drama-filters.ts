import type { Translation } from '../translate.ts';

/**
 * The drama search's filter panel (spec 1 §2.8, §5). The choices' own labels (genres, countries,
 * types, statuses, tags) come with the panel's options from the page.
 */
const en = {
  filters: 'Filters',
  activeCount: '({count} active)',
  form: 'Filter dramas',
  title: 'Title',
  titlePlaceholder: 'Search titles',
  genres: 'Genres',
  tags: 'Tags',
  addTag: 'Add a tag',
  anyTag: 'Any tag',
  country: 'Country',
  type: 'Type',
  status: 'Status',
  /** the first of the year list: next year and later */
  upcoming: '{year}+ (Upcoming)',
  from: 'From',
  to: 'To',
  ranges: {
    year: { legend: 'Year', from: 'Year from', to: 'Year to', min: 'Minimum year', max: 'Maximum year' },
    ep: { legend: 'Episodes', from: 'Episodes from', to: 'Episodes to', min: 'Minimum episodes', max: 'Maximum episodes' },
    rt: { legend: 'Rating', from: 'Rating from', to: 'Rating to', min: 'Minimum rating', max: 'Maximum rating' },
  },
  apply: 'Apply Filters',
  reset: 'Reset',
};

const ptBr: Translation<typeof en> = {
  filters: 'Filtros',
  activeCount: '({count} ativos)',
  form: 'Filtrar doramas',
  title: 'Título',
  titlePlaceholder: 'Buscar títulos',
  genres: 'Gêneros',
  tags: 'Tags',
  addTag: 'Adicionar uma tag',
  anyTag: 'Qualquer tag',
  country: 'País',
  type: 'Tipo',
  status: 'Situação',
  upcoming: '{year}+ (em breve)',
  from: 'De',
  to: 'Até',
  ranges: {
    year: { legend: 'Ano', from: 'Ano inicial', to: 'Ano final', min: 'Ano mínimo', max: 'Ano máximo' },
    ep: { legend: 'Episódios', from: 'Episódios a partir de', to: 'Episódios até', min: 'Mínimo de episódios', max: 'Máximo de episódios' },
    rt: { legend: 'Nota', from: 'Nota a partir de', to: 'Nota até', min: 'Nota mínima', max: 'Nota máxima' },
  },
  apply: 'Aplicar filtros',
  reset: 'Limpar',
};

export default { en, 'pt-br': ptBr };

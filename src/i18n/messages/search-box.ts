import type { Translation } from '../translate.ts';

/** The navbar's search box (spec 1 §2.2): on every page, so kept short. */
const en = {
  label: 'Search dramas and people',
  placeholder: 'Search dramas & people',
  results: 'Dramas and people',
  dramas: 'Dramas',
  people: 'People',
  noMatch: 'No dramas or people match "{query}"',
  seeAll: 'See all results for "{term}"',
  noneFound: 'No dramas or people found',
  found: { one: '{count} result', other: '{count} results' },
};

const ptBr: Translation<typeof en> = {
  label: 'Buscar doramas e pessoas',
  placeholder: 'Buscar doramas e pessoas',
  results: 'Doramas e pessoas',
  dramas: 'Doramas',
  people: 'Pessoas',
  noMatch: 'Nenhum dorama ou pessoa corresponde a "{query}"',
  seeAll: 'Ver todos os resultados para "{term}"',
  noneFound: 'Nenhum dorama ou pessoa encontrado',
  found: { one: '{count} resultado', other: '{count} resultados' },
};

export default { en, 'pt-br': ptBr };

import type { Translation } from '../translate.ts';

/**
 * The drama calendar (spec 1 §2.11, §8). Years are passed as strings (a year is not a quantity:
 * no thousands separator); counts and page numbers as numbers (written the locale's way).
 */
const en = {
  title: 'Drama Calendar',
  intro: 'Dramas by the date they first air, season by season.',
  yearGroup: 'Year',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  viewGroup: 'View',
  grid: 'Grid',
  list: 'List',
  seasonGroup: 'Season',
  seasons: {
    q1: { name: 'Winter/Spring', months: 'Jan-Mar' },
    q2: { name: 'Spring/Summer', months: 'Apr-Jun' },
    q3: { name: 'Summer/Fall', months: 'Jul-Sep' },
    q4: { name: 'Fall/Winter', months: 'Oct-Dec' },
  },
  /** a season's button: its name, then its months in brackets */
  seasonName: 'Q{quarter} {name}',
  seasonMonths: '({months})',
  /** 'Q1 Winter/Spring (Jan-Mar)' */
  seasonLabel: 'Q{quarter} {name} ({months})',
  scopeSeason: '{season} {year}',
  scopeYear: 'All of {year}',
  // the spec's count, word for word in English; plural forms for the other languages
  found: { one: '{count} drama(s) found', other: '{count} drama(s) found' },
  clearFilter: 'Clear filter',
  loadError: 'Failed to load dramas. Please try again.',
  tryAgain: 'Try Again',
  emptySeason: 'No dramas found for {season} {year}.',
  emptyYear: 'No dramas found for {year}.',
  emptyPage: 'There are no dramas on page {page}.',
  backToFirstPage: 'Back to page 1',
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  firstAired: 'First aired {date}',
  airDateTba: 'Air date to be announced',
};

const ptBr: Translation<typeof en> = {
  title: 'Calendário de doramas',
  intro: 'Doramas pela data de estreia, temporada por temporada.',
  yearGroup: 'Ano',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  viewGroup: 'Exibição',
  grid: 'Grade',
  list: 'Lista',
  seasonGroup: 'Temporada',
  seasons: {
    q1: { name: 'Inverno/Primavera', months: 'jan-mar' },
    q2: { name: 'Primavera/Verão', months: 'abr-jun' },
    q3: { name: 'Verão/Outono', months: 'jul-set' },
    q4: { name: 'Outono/Inverno', months: 'out-dez' },
  },
  seasonName: 'T{quarter} {name}',
  seasonMonths: '({months})',
  seasonLabel: 'T{quarter} {name} ({months})',
  scopeSeason: '{season} de {year}',
  scopeYear: 'Todo o ano de {year}',
  found: { one: '{count} dorama encontrado', other: '{count} doramas encontrados' },
  clearFilter: 'Limpar filtro',
  loadError: 'Não foi possível carregar os doramas. Tente novamente.',
  tryAgain: 'Tentar novamente',
  emptySeason: 'Nenhum dorama encontrado para {season} de {year}.',
  emptyYear: 'Nenhum dorama encontrado em {year}.',
  emptyPage: 'Não há doramas na página {page}.',
  backToFirstPage: 'Voltar para a página 1',
  pagination: 'Paginação',
  previous: 'Anterior',
  next: 'Próxima',
  firstAired: 'Estreou em {date}',
  airDateTba: 'Data de estreia a anunciar',
};

export default { en, 'pt-br': ptBr };

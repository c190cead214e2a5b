import type { Translation } from '../translate.ts';

/**
 * The drama calendar island (spec 1 §2.11, §8). The words its rules write too (seasons, the count,
 * the empty and load messages) are the calendarPage namespace's, which the island also gets. Years
 * are passed as strings (a year is not a quantity: no thousands separator); counts and page numbers
 * as numbers (written the locale's way).
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
  /** a season's button: its name (calendarPage.seasons), then its months in brackets */
  seasonName: 'Q{quarter} {name}',
  seasonMonths: '({months})',
  scopeSeason: '{season} {year}',
  scopeYear: 'All of {year}',
  clearFilter: 'Clear filter',
  tryAgain: 'Try Again',
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
  intro: 'Doramas pela data de estreia, temporada a temporada.',
  yearGroup: 'Ano',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  viewGroup: 'Exibição',
  grid: 'Grade',
  list: 'Lista',
  seasonGroup: 'Temporada',
  seasonName: 'T{quarter} {name}',
  seasonMonths: '({months})',
  scopeSeason: '{season} de {year}',
  scopeYear: 'Todo o ano de {year}',
  clearFilter: 'Limpar filtro',
  tryAgain: 'Tentar novamente',
  emptyPage: 'Não há doramas na página {page}.',
  backToFirstPage: 'Voltar para a página 1',
  pagination: 'Paginação',
  previous: 'Anterior',
  next: 'Próxima',
  firstAired: 'Estreou em {date}',
  airDateTba: 'Data de estreia a anunciar',
};

export default { en, 'pt-br': ptBr };

import type { Translation } from '../translate.ts';

/** The ranked list pages (spec 1 §2.10, §8, §9). */
const en = {
  lists: {
    popular: {
      heading: 'Most Popular Dramas',
      noun: 'popular dramas',
      description: 'The most watched Asian dramas, movies and shows, ranked by how many members follow them.',
    },
    'top-rated': {
      heading: 'Top Rated Dramas',
      noun: 'top rated dramas',
      description: "The best rated Asian dramas, ranked by members' scores among titles with 100 or more votes.",
    },
    airing: {
      heading: 'Top Airing Shows',
      noun: 'airing dramas',
      description: 'Dramas and shows airing now, the most watched first.',
    },
    upcoming: {
      heading: 'Upcoming Dramas',
      noun: 'upcoming dramas',
      description: 'Dramas that have not aired yet, the soonest first.',
    },
  },
  loadError: 'Failed to load {noun}. Please try again later.',
  empty: 'No {noun} to show yet.',
  showing: { one: 'Showing {range} of {total} drama', other: 'Showing {range} of {total} dramas' },
  pastEnd: { one: 'There are no {noun} on page {page}. This list has {count} page.', other: 'There are no {noun} on page {page}. This list has {count} pages.' },
  pageTitle: '{heading} – Page {page}',
  lastPage: 'Go to the last page',
  firstPage: 'Back to page 1',
};

const ptBr: Translation<typeof en> = {
  lists: {
    popular: {
      heading: 'Doramas mais populares',
      noun: 'doramas populares',
      description: 'Os doramas, filmes e programas asiáticos mais vistos, pela quantidade de membros que os acompanham.',
    },
    'top-rated': {
      heading: 'Doramas mais bem avaliados',
      noun: 'doramas bem avaliados',
      description: 'Os doramas asiáticos mais bem avaliados pelas notas dos membros, entre títulos com 100 votos ou mais.',
    },
    airing: {
      heading: 'Mais vistos em exibição',
      noun: 'doramas em exibição',
      description: 'Doramas e programas em exibição agora, os mais vistos primeiro.',
    },
    upcoming: {
      heading: 'Doramas em breve',
      noun: 'doramas em breve',
      description: 'Doramas que ainda não estrearam, os mais próximos primeiro.',
    },
  },
  loadError: 'Não foi possível carregar os {noun}. Tente novamente mais tarde.',
  empty: 'Ainda não há {noun} para mostrar.',
  showing: { one: 'Mostrando {range} de {total} dorama', other: 'Mostrando {range} de {total} doramas' },
  pastEnd: { one: 'Não há {noun} na página {page}. Esta lista tem {count} página.', other: 'Não há {noun} na página {page}. Esta lista tem {count} páginas.' },
  pageTitle: '{heading} – Página {page}',
  lastPage: 'Ir para a última página',
  firstPage: 'Voltar à página 1',
};

export default { en, 'pt-br': ptBr };

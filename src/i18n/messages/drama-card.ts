import type { Translation } from '../translate.ts';

/**
 * The drama card's words (spec 1 §2.5): a namespace of its own, so that an island showing cards
 * (the calendar) is handed these and not the drama page's whole vocabulary.
 */
const en = {
  noImage: 'No Image',
  rating: 'Rating',
  unknownYear: 'Unknown',
  episodes: '{count} eps',
  /** a drama's type: in a card's row, the details panel, a filmography and the navbar search */
  types: {
    drama: 'Drama',
    movie: 'Movie',
    tv_show: 'TV Show',
    special: 'Special',
  },
};

const ptBr: Translation<typeof en> = {
  noImage: 'Sem imagem',
  rating: 'Nota',
  unknownYear: 'Desconhecido',
  episodes: '{count} eps',
  types: {
    drama: 'Dorama',
    movie: 'Filme',
    tv_show: 'Programa de TV',
    special: 'Especial',
  },
};

export default { en, 'pt-br': ptBr };

import type { Translation } from '../translate.ts';

/**
 * The drama card's words (spec 1 §2.5): a namespace of its own, so that an island showing cards
 * (the calendar) is handed these four and not the drama page's whole vocabulary.
 */
const en = {
  noImage: 'No Image',
  rating: 'Rating',
  unknownYear: 'Unknown',
  episodes: '{count} eps',
};

const ptBr: Translation<typeof en> = {
  noImage: 'Sem imagem',
  rating: 'Nota',
  unknownYear: 'Desconhecido',
  episodes: '{count} eps',
};

export default { en, 'pt-br': ptBr };

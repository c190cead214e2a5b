import type { Translation } from '../translate.ts';

/** The drama page's Photos tab and its viewer (spec 1 §2.6). */
const en = {
  photos: 'Photos',
  photoAlt: '{title}, photo {n} of {total}',
  open: 'Open photo {n} of {total}',
  viewer: 'Photo viewer',
  counter: '{n} of {total}',
  close: 'Close photo viewer',
  previous: 'Previous photo',
  next: 'Next photo',
  thumbnails: 'Thumbnails',
  show: 'Show photo {n} of {total}',
};

const ptBr: Translation<typeof en> = {
  photos: 'Fotos',
  photoAlt: '{title}, foto {n} de {total}',
  open: 'Abrir a foto {n} de {total}',
  viewer: 'Visualizador de fotos',
  counter: '{n} de {total}',
  close: 'Fechar o visualizador de fotos',
  previous: 'Foto anterior',
  next: 'Próxima foto',
  thumbnails: 'Miniaturas',
  show: 'Mostrar a foto {n} de {total}',
};

export default { en, 'pt-br': ptBr };

import type { Translation } from '../translate.ts';

/**
 * The API's refusals of an image (lib/uploads/upload-rules.ts uploadProblemOf) and of too many
 * tries, in the page's words: an English page shows the server's `detail` as it is, another
 * language these (docs/decisions/019). Handed to the profile's image pickers and the edit form.
 */
const en = {
  unsupportedType: 'Unsupported file type. Please use JPG, PNG, or WebP images.',
  tooLarge: 'Image size must be less than {n}MB.',
  empty: 'The image file is empty.',
  notSent: 'The image has not been uploaded yet',
  notYours: 'This image cannot be used here. Please choose it again.',
  tooManyPixels: 'The image is too large: {width}×{height} pixels; at most {max} megapixels.',
  tooMany: 'Too many uploads. Please try again later.',
};

const ptBr: Translation<typeof en> = {
  unsupportedType: 'Tipo de arquivo não suportado. Use imagens JPG, PNG ou WebP.',
  tooLarge: 'A imagem deve ter menos de {n} MB.',
  empty: 'O arquivo de imagem está vazio.',
  notSent: 'A imagem ainda não foi enviada',
  notYours: 'Esta imagem não pode ser usada aqui. Escolha-a novamente.',
  tooManyPixels: 'A imagem é grande demais: {width}×{height} pixels; no máximo {max} megapixels.',
  tooMany: 'Envios demais. Tente novamente mais tarde.',
};

export default { en, 'pt-br': ptBr };

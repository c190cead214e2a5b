import type { Translation } from '../translate.ts';

/**
 * The edit-profile screen (spec 2 §2 "Edit profile screen", §5, §8). The spec writes this
 * screen in Portuguese: those words are the pt-BR catalogue's, word for word; English is ours.
 */
const en = {
  saving: 'Saving...',
  saved: 'Profile updated successfully!',
  usernameHint: 'Letters and numbers only',
  imageType: 'Please upload an image file (JPG, PNG, WebP).',
  imageSize: 'The image must be smaller than 5MB.',
  loadFailed: "Couldn't load your data. Please reload the page or sign in again.",
  notLoaded: "User not loaded. Can't save.",
  saveFailed: 'Failed to update the profile.',
  unexpected: 'An unexpected error occurred while saving.',
};

const ptBr: Translation<typeof en> = {
  saving: 'Salvando...',
  saved: 'Perfil atualizado com sucesso!',
  usernameHint: 'Apenas letras e números',
  imageType: 'Por favor, envie um arquivo de imagem (JPG, PNG, WebP).',
  imageSize: 'A imagem deve ter menos de 5MB.',
  loadFailed: 'Não foi possível carregar os dados do usuário. Por favor, tente recarregar a página ou faça login novamente.',
  notLoaded: 'Usuário não carregado. Não é possível salvar.',
  saveFailed: 'Falha ao atualizar o perfil.',
  unexpected: 'Ocorreu um erro inesperado ao salvar.',
};

export default { en, 'pt-br': ptBr };

import type { Translation } from '../translate.ts';

/**
 * The edit-profile screen (spec 2 §2 "Edit profile screen", §5, §8). The spec writes this
 * screen in Portuguese: those words are the pt-BR catalogue's, word for word; English is ours.
 */
const en = {
  title: 'Edit Profile',
  loading: 'Loading profile...',
  cover: 'Cover photo',
  avatar: 'Profile picture',
  chooseCover: 'Change cover',
  chooseAvatar: 'Change picture',
  imageHint: 'JPG, PNG or WebP, up to 5MB.',
  username: 'Username',
  fullName: 'Full name',
  bio: 'Bio',
  bioCount: '{count}/{max}',
  save: 'Save Changes',
  cancel: 'Cancel',
  saving: 'Saving...',
  saved: 'Profile updated successfully!',
  usernameHint: 'Letters and numbers only',
  usernameRule: 'Username must be 3 to 50 letters or digits.',
  /** src/lib/accounts/account-rules.ts USERNAME_MESSAGES and the daily rename limit, by the same keys */
  usernameProblems: {
    taken: 'This username is already taken',
    reserved: 'This username is reserved',
    mixedScripts: 'Username must not mix letters of different scripts',
    renameLimit: 'You can change your username at most 5 times a day. Please try again later.',
  },
  bioRule: 'Bio must be at most 500 characters.',
  imageType: 'Please upload an image file (JPG, PNG, WebP).',
  imageSize: 'The image must be smaller than 5MB.',
  uploadFailed: 'Failed to upload image: {reason}',
  updateError: 'Error updating profile',
  loadFailed: "Couldn't load your data. Please reload the page or sign in again.",
  notLoaded: "User not loaded. Can't save.",
  saveFailed: 'Failed to update the profile.',
  unexpected: 'An unexpected error occurred while saving.',
  denied: {
    title: 'Access denied',
    login: 'Go to Login',
  },
};

const ptBr: Translation<typeof en> = {
  title: 'Editar perfil',
  loading: 'Carregando perfil...',
  cover: 'Foto de capa',
  avatar: 'Foto de perfil',
  chooseCover: 'Trocar capa',
  chooseAvatar: 'Trocar foto',
  imageHint: 'JPG, PNG ou WebP, até 5MB.',
  username: 'Nome de usuário',
  fullName: 'Nome completo',
  bio: 'Biografia',
  bioCount: '{count}/{max}',
  save: 'Salvar alterações',
  cancel: 'Cancelar',
  saving: 'Salvando...',
  saved: 'Perfil atualizado com sucesso!',
  usernameHint: 'Apenas letras e números',
  usernameRule: 'O nome de usuário deve ter de 3 a 50 letras ou números.',
  usernameProblems: {
    taken: 'Este nome de usuário já está em uso',
    reserved: 'Este nome de usuário é reservado',
    mixedScripts: 'O nome de usuário não pode misturar letras de alfabetos diferentes',
    renameLimit: 'Você pode mudar seu nome de usuário no máximo 5 vezes por dia. Tente novamente mais tarde.',
  },
  bioRule: 'A biografia deve ter no máximo 500 caracteres.',
  imageType: 'Por favor, envie um arquivo de imagem (JPG, PNG, WebP).',
  imageSize: 'A imagem deve ter menos de 5MB.',
  uploadFailed: 'Falha ao enviar a imagem: {reason}',
  updateError: 'Erro ao atualizar o perfil',
  loadFailed: 'Não foi possível carregar os dados do usuário. Por favor, tente recarregar a página ou faça login novamente.',
  notLoaded: 'Usuário não carregado. Não é possível salvar.',
  saveFailed: 'Falha ao atualizar o perfil.',
  unexpected: 'Ocorreu um erro inesperado ao salvar.',
  denied: {
    title: 'Acesso negado',
    login: 'Ir para o login',
  },
};

export default { en, 'pt-br': ptBr };

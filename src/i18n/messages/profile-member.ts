import type { Translation } from '../translate.ts';

/**
 * The profile's member parts, an island (spec 2 §2 "Profile screen", §5, §8; docs/decisions/025):
 * follow, the owner's Edit Profile, cover and avatar replacement, favourites add and remove, and
 * the follow buttons of the followers pages.
 */
const en = {
  ownTitle: 'My Profile',
  editProfile: 'Edit Profile',
  editCover: 'Edit Cover',
  changeAvatar: 'Change avatar',
  uploading: 'Uploading...',
  image: {
    notImage: 'Please upload an image file.',
    unsupported: 'Unsupported file type. Please use JPG, PNG, or WebP images.',
    tooLarge: 'Image size must be less than {n}MB.',
    uploadFailedAvatar: 'Failed to upload avatar',
    uploadFailedCover: 'Failed to upload cover',
    updateFailedAvatar: 'Failed to update avatar',
    updateFailedCover: 'Failed to update cover',
  },
  favourites: {
    dramas: 'Favorite Dramas',
    cast: 'Favorite Cast',
    noDramas: 'No favorite dramas yet.',
    noCast: 'No favorite cast yet.',
    add: 'Add',
    addDrama: 'Add a favorite drama',
    addCast: 'Add a favorite cast member',
    full: 'You have 5 favorites: remove one to add another.',
    remove: 'Remove {name} from favorites',
    searchDramas: 'Search dramas',
    searchPeople: 'Search people',
    searching: 'Searching...',
    noResults: 'No results.',
    close: 'Close',
    added: 'Added',
    loading: 'Loading favorites...',
    failed: 'Failed to update favorites. Please try again.',
  },
};

const ptBr: Translation<typeof en> = {
  ownTitle: 'Meu perfil',
  editProfile: 'Editar perfil',
  editCover: 'Editar capa',
  changeAvatar: 'Trocar avatar',
  uploading: 'Enviando...',
  image: {
    notImage: 'Por favor, envie um arquivo de imagem (JPG, PNG, WebP).',
    unsupported: 'Tipo de arquivo não suportado. Use imagens JPG, PNG ou WebP.',
    tooLarge: 'A imagem deve ter menos de {n}MB.',
    uploadFailedAvatar: 'Falha ao enviar o avatar',
    uploadFailedCover: 'Falha ao enviar a capa',
    updateFailedAvatar: 'Falha ao atualizar o avatar',
    updateFailedCover: 'Falha ao atualizar a capa',
  },
  favourites: {
    dramas: 'Doramas favoritos',
    cast: 'Elenco favorito',
    noDramas: 'Nenhum dorama favorito ainda.',
    noCast: 'Ninguém do elenco favorito ainda.',
    add: 'Adicionar',
    addDrama: 'Adicionar um dorama favorito',
    addCast: 'Adicionar alguém do elenco favorito',
    full: 'Você tem 5 favoritos: remova um para adicionar outro.',
    remove: 'Remover {name} dos favoritos',
    searchDramas: 'Buscar doramas',
    searchPeople: 'Buscar pessoas',
    searching: 'Buscando...',
    noResults: 'Nenhum resultado.',
    close: 'Fechar',
    added: 'Adicionado',
    loading: 'Carregando favoritos...',
    failed: 'Não foi possível atualizar os favoritos. Tente novamente.',
  },
};

export default { en, 'pt-br': ptBr };

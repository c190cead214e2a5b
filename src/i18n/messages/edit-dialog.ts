import type { Translation } from '../translate.ts';

/**
 * The drama page's edit controls (spec 1 §2.6, spec 2 §2, §4, §5, §8): the members' Edit link and
 * the mods' and admins' Edit Drama dialog. Small on purpose: a pre-rendered drama page carries these
 * words for every visitor (the code is loaded for members and staff only).
 */
const en = {
  editLink: 'Edit',
  editLinkLabel: 'Edit {title}',
  pending: { one: '{count} edit pending review', other: '{count} edits pending review' },
  open: 'Edit Drama',
  title: 'Edit Drama',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save Changes',
  saving: 'Saving...',
  loading: 'Loading drama...',
  loadFailed: 'Failed to load drama details. Please try again later.',
  fields: {
    title: 'Title',
    year: 'Year',
    episodes: 'Episodes',
    status: 'Status',
    type: 'Type',
    country: 'Country',
    network: 'Network',
    synopsis: 'Synopsis',
    keep: 'Keep current',
  },
  statuses: { airing: 'AIRING', completed: 'COMPLETED', upcoming: 'UPCOMING' },
  types: { drama: 'DRAMA', movie: 'MOVIE', tv_show: 'TV_SHOW', special: 'SPECIAL' },
  problems: {
    titleRequired: 'Title is required.',
    year: 'Year must be between 1900 and 2030.',
    episodes: 'Episodes must be at least 1.',
    tooLong: 'Title is too long.',
    noChanges: 'No changes detected. Please modify at least one field.',
    failed: 'Update failed. Please try again.',
    serverError: 'Server error occurred. This may be due to authentication or database issues.',
    forbidden: "You don't have permission to perform this action",
    tooManyEdits: 'Too many edits for now. Please try again later.',
    signedOut: 'Your session has ended. Please sign in again.',
  },
  updated: 'Drama updated successfully!',
};

const ptBr: Translation<typeof en> = {
  editLink: 'Editar',
  editLinkLabel: 'Editar {title}',
  pending: { one: '{count} edição aguardando revisão', other: '{count} edições aguardando revisão' },
  open: 'Editar dorama',
  title: 'Editar dorama',
  close: 'Fechar',
  cancel: 'Cancelar',
  save: 'Salvar alterações',
  saving: 'Salvando...',
  loading: 'Carregando dorama...',
  loadFailed: 'Não foi possível carregar os detalhes do dorama. Tente novamente mais tarde.',
  fields: {
    title: 'Título',
    year: 'Ano',
    episodes: 'Episódios',
    status: 'Situação',
    type: 'Tipo',
    country: 'País',
    network: 'Emissora',
    synopsis: 'Sinopse',
    keep: 'Manter atual',
  },
  statuses: { airing: 'EM EXIBIÇÃO', completed: 'CONCLUÍDO', upcoming: 'EM BREVE' },
  types: { drama: 'DRAMA', movie: 'FILME', tv_show: 'PROGRAMA DE TV', special: 'ESPECIAL' },
  problems: {
    titleRequired: 'O título é obrigatório.',
    year: 'O ano deve estar entre 1900 e 2030.',
    episodes: 'Episódios deve ser pelo menos 1.',
    tooLong: 'O título é longo demais.',
    noChanges: 'Nenhuma alteração detectada. Modifique pelo menos um campo.',
    failed: 'Falha na atualização. Tente novamente.',
    serverError: 'Ocorreu um erro no servidor. Pode ser um problema de autenticação ou de banco de dados.',
    forbidden: 'Você não tem permissão para realizar esta ação',
    tooManyEdits: 'Edições demais por agora. Tente novamente mais tarde.',
    signedOut: 'Sua sessão terminou. Entre novamente.',
  },
  updated: 'Dorama atualizado com sucesso!',
};

export default { en, 'pt-br': ptBr };

import type { Translation } from '../translate.ts';

/**
 * Blocking a member (beyond the spec; contract "Reports and blocks", docs/decisions/035): the
 * Block / Unblock control of a profile with its confirmation (the member's own list of blocks is
 * blockList: a profile's HTML carries only these words).
 */
const en = {
  more: 'More actions for @{username}',
  block: 'Block',
  unblock: 'Unblock',
  blocked: 'Blocked',
  confirm: {
    title: 'Block @{username}?',
    intro: 'If you block them:',
    noProfileComments: 'they will not be able to comment on your profile;',
    noReplies: 'they will not be able to reply to or react to your comments;',
    noFollow: 'they will not be able to follow you, and any follow between you ends;',
    hidden: 'their comments and yours are hidden from each other.',
    undo: 'You can unblock them at any time from Edit Profile.',
    cancel: 'Cancel',
    close: 'Close',
    blocking: 'Blocking...',
  },
  failed: 'Failed to update the block. Please try again.',
};

const ptBr: Translation<typeof en> = {
  more: 'Mais ações para @{username}',
  block: 'Bloquear',
  unblock: 'Desbloquear',
  blocked: 'Bloqueado',
  confirm: {
    title: 'Bloquear @{username}?',
    intro: 'Ao ser bloqueada, a pessoa:',
    noProfileComments: 'não poderá comentar no seu perfil;',
    noReplies: 'não poderá responder nem reagir aos seus comentários;',
    noFollow: 'não poderá seguir você, e vocês deixam de se seguir;',
    hidden: 'os comentários de um ficam ocultos para o outro.',
    undo: 'Você pode desbloquear quando quiser em Editar perfil.',
    cancel: 'Cancelar',
    close: 'Fechar',
    blocking: 'Bloqueando...',
  },
  failed: 'Não foi possível atualizar o bloqueio. Tente novamente.',
};

export default { en, 'pt-br': ptBr };

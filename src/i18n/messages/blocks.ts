import type { Translation } from '../translate.ts';

/**
 * Blocking a member (beyond the spec; contract "Reports and blocks", docs/decisions/035): the
 * Block / Unblock control of a profile with its confirmation, and the member's own block list in
 * the edit-profile screen.
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
    block: 'Block',
    cancel: 'Cancel',
    close: 'Close',
    blocking: 'Blocking...',
  },
  youBlocked: 'You blocked this member.',
  failed: 'Failed to update the block. Please try again.',
  list: {
    title: 'Blocked members',
    intro: "Members you block can't comment on your profile, reply to or react to your comments, or follow you.",
    empty: 'You have not blocked anyone.',
    blockedOn: 'Blocked on {date}',
    unblock: 'Unblock',
    unblockName: 'Unblock {name}',
    loading: 'Loading blocked members...',
    loadFailed: "Couldn't load your blocked members.",
    retry: 'Try Again',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
    pages: 'Pages of blocked members',
  },
};

const ptBr: Translation<typeof en> = {
  more: 'Mais ações para @{username}',
  block: 'Bloquear',
  unblock: 'Desbloquear',
  blocked: 'Bloqueado',
  confirm: {
    title: 'Bloquear @{username}?',
    intro: 'Se você bloquear:',
    noProfileComments: 'não poderá comentar no seu perfil;',
    noReplies: 'não poderá responder nem reagir aos seus comentários;',
    noFollow: 'não poderá seguir você, e qualquer follow entre vocês termina;',
    hidden: 'os comentários de um ficam ocultos para o outro.',
    undo: 'Você pode desbloquear quando quiser em Editar perfil.',
    block: 'Bloquear',
    cancel: 'Cancelar',
    close: 'Fechar',
    blocking: 'Bloqueando...',
  },
  youBlocked: 'Você bloqueou este membro.',
  failed: 'Não foi possível atualizar o bloqueio. Tente novamente.',
  list: {
    title: 'Membros bloqueados',
    intro: 'Quem você bloqueia não pode comentar no seu perfil, responder ou reagir aos seus comentários, nem seguir você.',
    empty: 'Você não bloqueou ninguém.',
    blockedOn: 'Bloqueado em {date}',
    unblock: 'Desbloquear',
    unblockName: 'Desbloquear {name}',
    loading: 'Carregando membros bloqueados...',
    loadFailed: 'Não foi possível carregar os membros bloqueados.',
    retry: 'Tentar novamente',
    previous: 'Anterior',
    next: 'Próxima',
    pageOf: 'Página {page} de {pages}',
    pages: 'Páginas de membros bloqueados',
  },
};

export default { en, 'pt-br': ptBr };

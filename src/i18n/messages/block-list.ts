import type { Translation } from '../translate.ts';

/** The member's own list of blocked members, a section of the edit-profile screen (docs/decisions/035). */
const en = {
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
  failed: 'Failed to update the block. Please try again.',
};

const ptBr: Translation<typeof en> = {
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
  failed: 'Não foi possível atualizar o bloqueio. Tente novamente.',
};

export default { en, 'pt-br': ptBr };

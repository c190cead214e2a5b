import type { Translation } from '../translate.ts';

/** The follow switch (spec 2 §4; DESIGN improvement 5): on profiles and the followers pages. */
const en = {
  follow: 'Follow',
  unfollow: 'Unfollow',
  failed: 'Failed to update follow. Please try again.',
  signIn: 'Please log in to follow members',
  logIn: 'Log in',
};

const ptBr: Translation<typeof en> = {
  follow: 'Seguir',
  unfollow: 'Deixar de seguir',
  failed: 'Não foi possível atualizar. Tente novamente.',
  signIn: 'Entre para seguir membros',
  logIn: 'Entrar',
};

export default { en, 'pt-br': ptBr };

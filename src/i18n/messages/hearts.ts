import type { Translation } from '../translate.ts';

/** The person page's heart (spec 1 §2.7, §6, §8). */
const en = {
  give: 'Give {name} a heart',
  heart: 'Heart',
  hearted: 'Hearted',
  /** follows the count, which is shown in bold before it */
  unit: { one: 'heart', other: 'hearts' },
  needsLogin: 'Please log in to give hearts to people',
  failed: 'Failed to update heart. Please try again.',
  logIn: 'Log in',
};

const ptBr: Translation<typeof en> = {
  give: 'Dar um coração para {name}',
  heart: 'Coração',
  hearted: 'Com coração',
  unit: { one: 'coração', other: 'corações' },
  needsLogin: 'Entre para dar corações às pessoas',
  failed: 'Não foi possível atualizar o coração. Tente novamente.',
  logIn: 'Entrar',
};

export default { en, 'pt-br': ptBr };

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

// 'curtir' / 'curtidas', as the person page's own count says (people.page.heart, .hearts)
const ptBr: Translation<typeof en> = {
  give: 'Curtir {name}',
  heart: 'Curtir',
  hearted: 'Curtido',
  unit: { one: 'curtida', other: 'curtidas' },
  needsLogin: 'Entre para curtir pessoas',
  failed: 'Não foi possível atualizar a curtida. Tente novamente.',
  logIn: 'Entrar',
};

export default { en, 'pt-br': ptBr };

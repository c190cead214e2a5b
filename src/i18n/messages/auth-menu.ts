import type { Translation } from '../translate.ts';

/**
 * The navbar's and the mobile menu's account part (spec 1 §2.2). Apart from `auth` because it is
 * on every page, twice: its words travel in each page's HTML as the islands' props.
 */
const en = {
  login: 'Login',
  signUp: 'Sign Up',
  accountMenu: 'Account menu for {name}',
  viewProfile: 'View Profile',
  /** the member's own edit suggestions and their state (/profile/suggestions) */
  mySuggestions: 'My suggestions',
  profile: 'Profile',
  /** mods and admins only: the moderation area */
  moderation: 'Moderation',
  logout: 'Logout',
};

const ptBr: Translation<typeof en> = {
  login: 'Entrar',
  signUp: 'Cadastrar',
  accountMenu: 'Menu da conta de {name}',
  viewProfile: 'Ver perfil',
  mySuggestions: 'Minhas sugestões',
  profile: 'Perfil',
  moderation: 'Moderação',
  logout: 'Sair',
};

export default { en, 'pt-br': ptBr };

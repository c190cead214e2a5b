import type { Translation } from '../translate.ts';

/** Words of the islands' shared parts (src/islands/shared/, the guard of members' screens). */
const en = {
  checkingAuth: 'Checking authentication...',
  /** the role badges (spec 1 §2.2) */
  roles: {
    mod: 'MOD',
    admin: 'ADMIN',
  },
};

const ptBr: Translation<typeof en> = {
  checkingAuth: 'Verificando a autenticação...',
  roles: {
    mod: 'MOD',
    admin: 'ADMIN',
  },
};

export default { en, 'pt-br': ptBr };

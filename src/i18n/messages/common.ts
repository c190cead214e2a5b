import type { Translation } from '../translate.ts';

/** Words used across the site: the layout's navbar and footer, shared states. */
const en = {
  language: {
    label: 'Language',
    switchTo: 'Read this page in {language}',
  },
  states: {
    loading: 'Loading...',
    tryAgain: 'Try again',
  },
};

const ptBr: Translation<typeof en> = {
  language: {
    label: 'Idioma',
    switchTo: 'Ler esta página em {language}',
  },
  states: {
    loading: 'Carregando...',
    tryAgain: 'Tentar novamente',
  },
};

export default { en, 'pt-br': ptBr };

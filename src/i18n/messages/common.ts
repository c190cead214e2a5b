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
  theme: {
    dark: 'Dark theme',
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
  theme: {
    dark: 'Tema escuro',
  },
};

export default { en, 'pt-br': ptBr };

import type { Translation } from '../translate.ts';

/** Failures and the not-found page (spec 1 §2.12, §8). */
const en = {
  tryAgain: 'Try Again',
  backToHome: 'Back to Home',
  loadFailed: 'Failed to load data. Please try again later.',
  notFound: {
    title: 'Page Not Found',
    description: 'The page you are looking for does not exist.',
    text: 'The page you are looking for does not exist or has moved. Let’s get you back to the dramas.',
    returnHome: 'Return Home',
    browseDramas: 'Browse Dramas',
  },
};

const ptBr: Translation<typeof en> = {
  tryAgain: 'Tentar novamente',
  backToHome: 'Voltar ao início',
  loadFailed: 'Não foi possível carregar os dados. Tente novamente mais tarde.',
  notFound: {
    title: 'Página não encontrada',
    description: 'A página que você procura não existe.',
    text: 'A página que você procura não existe ou mudou de endereço. Vamos voltar aos doramas.',
    returnHome: 'Voltar ao início',
    browseDramas: 'Ver doramas',
  },
};

export default { en, 'pt-br': ptBr };

import type { Translation } from '../translate.ts';

/** Titles and descriptions of the page shells whose content is an island (account screens, calendar, profile). */
const en = {
  signIn: 'Sign in',
  createAccount: 'Create Account',
  forgotPassword: 'Forgot Password',
  resetPassword: 'Reset Password',
  emailVerification: 'Email Verification',
  signingIn: 'Signing in',
  myProfile: 'My Profile',
  moderation: 'Moderation',
  calendar: {
    title: 'Drama Calendar',
    description: 'Dramas by the date they first air, season by season.',
  },
  social: {
    title: 'Community',
    description: 'Posts, replies and quotes from the DramaList community: what members are watching and loving.',
    post: 'Post',
    postBy: 'Post by @{username}',
    deletedPost: 'Deleted post',
    spoilerPost: 'This post contains spoilers.',
  },
};

const ptBr: Translation<typeof en> = {
  signIn: 'Entrar',
  createAccount: 'Criar conta',
  forgotPassword: 'Esqueci a senha',
  resetPassword: 'Redefinir senha',
  emailVerification: 'Verificação de e-mail',
  signingIn: 'Entrando',
  myProfile: 'Meu perfil',
  moderation: 'Moderação',
  calendar: {
    title: 'Calendário de doramas',
    description: 'Doramas pela data de estreia, temporada a temporada.',
  },
  social: {
    title: 'Comunidade',
    description: 'Publicações, respostas e citações da comunidade DramaList: o que os membros estão assistindo e amando.',
    post: 'Publicação',
    postBy: 'Publicação de @{username}',
    deletedPost: 'Publicação apagada',
    spoilerPost: 'Esta publicação contém spoilers.',
  },
};

export default { en, 'pt-br': ptBr };

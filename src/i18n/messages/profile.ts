import type { Translation } from '../translate.ts';

/** The member's own profile header, /profile (spec 2 'Profile screen'). */
const en = {
  title: 'My Profile',
  defaultBio: 'Drama enthusiast and Asian content lover',
  joined: 'Joined {date}',
  followers: 'Followers',
  following: 'Following',
  profileViews: 'Profile Views',
};

const ptBr: Translation<typeof en> = {
  title: 'Meu perfil',
  defaultBio: 'Fã de doramas e de conteúdo asiático',
  joined: 'Membro desde {date}',
  followers: 'Seguidores',
  following: 'Seguindo',
  profileViews: 'Visitas ao perfil',
};

export default { en, 'pt-br': ptBr };

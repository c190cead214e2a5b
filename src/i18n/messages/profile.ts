import type { Translation } from '../translate.ts';

/**
 * The profile pages' own words, rendered on the server (spec 2 §2 "Profile screen", §8, §9):
 * /user/{username} and /profile, and the followers and following pages (DESIGN improvement 5).
 * The member's parts (follow, editing, favourites) have theirs in `profileMember`.
 */
const en = {
  title: 'My Profile',
  theirTitle: "{username}'s Profile",
  description: "{username}'s profile on {site}: lists, favourites and activity.",
  defaultBio: 'Drama enthusiast and Asian content lover',
  joined: 'Joined {date}',
  followers: 'Followers',
  following: 'Following',
  profileViews: 'Profile Views',
  follow: 'Follow',
  loading: 'Loading profile...',
  loadFailed: 'Failed to load user data',
  notFound: {
    title: 'User not found',
    text: 'There is no member with that username.',
    goHome: 'Go Home',
  },
  stats: {
    heading: 'Statistics',
    distribution: 'List distribution',
    watching: 'Watching',
    completed: 'Completed',
    planToWatch: 'Plan to Watch',
    dropped: 'Dropped',
    total: 'Total Entries',
    episodes: 'Episodes Watched',
    meanScore: 'Mean Score',
    private: "{username}'s lists are private.",
  },
  recent: {
    heading: 'Recent Activity',
    viewAll: 'View all',
    empty: 'No activity yet.',
  },
  favourites: {
    dramas: 'Favorite Dramas',
    cast: 'Favorite Cast',
    noDramas: 'No favorite dramas yet.',
    noCast: 'No favorite cast yet.',
  },
  follows: {
    followersHeading: "{username}'s Followers",
    followingHeading: 'Followed by {username}',
    back: 'Back to profile',
    count: { one: '{count} member', other: '{count} members' },
    noFollowers: '{username} has no followers yet.',
    noFollowing: "{username} isn't following anyone yet.",
    pageTitle: '{heading} (page {page})',
  },
};

const ptBr: Translation<typeof en> = {
  title: 'Meu perfil',
  theirTitle: 'Perfil de {username}',
  description: 'Perfil de {username} no {site}: listas, favoritos e atividade.',
  defaultBio: 'Fã de doramas e de conteúdo asiático',
  joined: 'Membro desde {date}',
  followers: 'Seguidores',
  following: 'Seguindo',
  profileViews: 'Visitas ao perfil',
  follow: 'Seguir',
  loading: 'Carregando perfil...',
  loadFailed: 'Não foi possível carregar os dados do usuário',
  notFound: {
    title: 'Usuário não encontrado',
    text: 'Não há nenhum membro com esse nome de usuário.',
    goHome: 'Ir para o início',
  },
  stats: {
    heading: 'Estatísticas',
    distribution: 'Distribuição das listas',
    watching: 'Assistindo',
    completed: 'Concluídos',
    planToWatch: 'Quero assistir',
    dropped: 'Abandonados',
    total: 'Total de títulos',
    episodes: 'Episódios assistidos',
    meanScore: 'Nota média',
    private: 'As listas de {username} são privadas.',
  },
  recent: {
    heading: 'Atividade recente',
    viewAll: 'Ver tudo',
    empty: 'Nenhuma atividade ainda.',
  },
  favourites: {
    dramas: 'Doramas favoritos',
    cast: 'Elenco favorito',
    noDramas: 'Nenhum dorama favorito ainda.',
    noCast: 'Ninguém do elenco favorito ainda.',
  },
  follows: {
    followersHeading: 'Seguidores de {username}',
    followingHeading: 'Quem {username} segue',
    back: 'Voltar ao perfil',
    count: { one: '{count} membro', other: '{count} membros' },
    noFollowers: '{username} ainda não tem seguidores.',
    noFollowing: '{username} ainda não segue ninguém.',
    pageTitle: '{heading} (página {page})',
  },
};

export default { en, 'pt-br': ptBr };

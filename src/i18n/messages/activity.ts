import type { Translation } from '../translate.ts';

/**
 * The activity timeline, /user/{username}/activity (spec 2 §2 "Activity timeline", §4 wording, §8,
 * §9). The wording's phrases are the spec's ('started watching', 'completed', 'added to plan to
 * watch', 'dropped', 'updated'), with the member's name before them and the drama's title, a link, in
 * place of {title}; the rest use the history (src/lib/activity/activity-items.ts).
 */
const en = {
  heading: {
    own: 'My Activity',
    theirs: "{username}'s Activity",
  },
  pageTitle: '{heading}, page {page}',
  description: "What {username} has been watching lately: the latest changes to their watch lists on {site}.",
  back: 'Back to Profile',
  count: { one: '{count} change', other: '{count} changes' },
  wording: {
    startedWatching: '{username} started watching {title}',
    completed: '{username} completed {title}',
    addedToPlan: '{username} added to plan to watch {title}',
    dropped: '{username} dropped {title}',
    updated: '{username} updated {title}',
    rewatchStarted: '{username} started a rewatch of {title}',
    rewatchCompleted: '{username} completed a rewatch of {title}',
    watchedEpisode: '{username} watched episode {episode} of {title}',
    rated: '{username} rated {title}',
  },
  score: 'Score {score}',
  /** the progress bar's name; its value says how far */
  progressLabel: 'Episodes watched of {title}',
  progress: { one: '{progress}/{count} episode', other: '{progress}/{count} episodes' },
  progressUnknown: { one: '{progress} episode', other: '{progress} episodes' },
  recently: 'Recently',
  empty: '{username} has no activity yet.',
  private: "{username}'s lists are private.",
  loadFailed: 'Failed to load activity. Please try again later.',
};

const ptBr: Translation<typeof en> = {
  heading: {
    own: 'Minha atividade',
    theirs: 'Atividade de {username}',
  },
  pageTitle: '{heading}, página {page}',
  description: 'O que {username} tem assistido: as últimas alterações nas listas de {username} no {site}.',
  back: 'Voltar ao perfil',
  count: { one: '{count} alteração', other: '{count} alterações' },
  wording: {
    startedWatching: '{username} começou a assistir {title}',
    completed: '{username} concluiu {title}',
    addedToPlan: '{username} adicionou {title} à lista Quero assistir',
    dropped: '{username} abandonou {title}',
    updated: '{username} atualizou {title}',
    rewatchStarted: '{username} começou a reassistir {title}',
    rewatchCompleted: '{username} terminou de reassistir {title}',
    watchedEpisode: '{username} assistiu ao episódio {episode} de {title}',
    rated: '{username} avaliou {title}',
  },
  score: 'Nota {score}',
  progressLabel: 'Episódios assistidos de {title}',
  progress: { one: '{progress}/{count} episódio', other: '{progress}/{count} episódios' },
  progressUnknown: { one: '{progress} episódio', other: '{progress} episódios' },
  recently: 'Recentemente',
  empty: '{username} ainda não tem atividade.',
  private: 'As listas de {username} são privadas.',
  loadFailed: 'Não foi possível carregar a atividade. Tente novamente mais tarde.',
};

export default { en, 'pt-br': ptBr };

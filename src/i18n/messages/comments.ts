import type { Translation } from '../translate.ts';

/**
 * The comments block on drama pages and profiles (spec 2 §2 "Comments block", §4, §5, §9; contract
 * "Spoilers"; issue 20's reports). The spec's English words are kept as written.
 */
const en = {
  /** the block's heading on a drama page, and on a profile (issue 20) */
  title: { dorama: 'Comments', profile: 'Profile Comments' },
  count: { one: '{count} comment', other: '{count} comments' },
  sort: { label: 'Sort comments', recent: 'Most Recent', oldest: 'Oldest' },
  compose: {
    label: 'Write a comment',
    placeholder: 'Share your thoughts...',
    replyLabel: 'Write a reply',
    replyPlaceholder: 'Write a reply...',
    /** advisory (spec 2 §5): typing beyond it is allowed */
    counter: '{count}/1000 characters',
    spoiler: 'Spoiler',
    spoilerHint: 'Hide the whole comment until readers open it; wrap part of it in ||double bars|| to hide only that part.',
    post: 'Post Comment',
    postReply: 'Post Reply',
    posting: 'Posting...',
  },
  empty: {
    title: 'No comments yet',
    dorama: 'Be the first to share your thoughts!',
    profile: 'Be the first to leave a comment on this profile!',
  },
  signIn: 'Sign in to join the conversation',
  blocked: "You can't comment on this profile.",
  loading: 'Loading comments...',
  loadingMore: 'Loading more comments...',
  edited: '(edited)',
  actions: {
    reply: 'Reply',
    edit: 'Edit',
    delete: 'Delete',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
    report: 'Report',
    close: 'Close',
  },
  replies: {
    show: { one: '{count} reply', other: '{count} replies' },
    hide: 'Hide replies',
  },
  reactions: {
    group: 'Reactions',
    like: 'Like',
    love: 'Love',
    laugh: 'Laugh',
    /** the button's accessible name: the reaction and its count */
    label: { one: '{reaction}, {count} reaction', other: '{reaction}, {count} reactions' },
    signIn: 'Please log in to react to comments',
    failed: 'Failed to update reaction. Please try again.',
    logIn: 'Log in',
  },
  spoiler: {
    show: 'Show spoiler',
    comment: 'This comment contains spoilers.',
    badge: 'Spoiler',
  },
  delete: {
    title: 'Delete comment',
    confirm: 'Are you sure you want to delete this comment? This action cannot be undone.',
    deleting: 'Deleting...',
  },
  report: {
    title: 'Report comment',
    reason: 'Why are you reporting this comment?',
    reasons: {
      spam: 'Spam',
      harassment: 'Harassment or bullying',
      spoiler: 'Unmarked spoiler',
      hate: 'Hate speech',
      /** the reason `other` (a key named `other` would read as a plural form) */
      otherReason: 'Something else',
    },
    note: 'Anything the moderators should know? (optional)',
    send: 'Send report',
    sending: 'Sending...',
    sent: 'Thanks for reporting. A moderator will take a look.',
    failed: 'Failed to send the report. Please try again.',
  },
  problems: {
    /** a 429 (its Retry-After in seconds) */
    tooMany: { one: 'Too many tries. Please try again in {count} second.', other: 'Too many tries. Please try again in {count} seconds.' },
    tooLong: 'Comments can be at most {max} characters.',
  },
  /** when a comment's time cannot be read (the activity timeline's word) */
  recently: 'Recently',
};

const ptBr: Translation<typeof en> = {
  title: { dorama: 'Comentários', profile: 'Comentários do perfil' },
  count: { one: '{count} comentário', other: '{count} comentários' },
  sort: { label: 'Ordenar comentários', recent: 'Mais recentes', oldest: 'Mais antigos' },
  compose: {
    label: 'Escreva um comentário',
    placeholder: 'Compartilhe o que você achou...',
    replyLabel: 'Escreva uma resposta',
    replyPlaceholder: 'Escreva uma resposta...',
    counter: '{count}/1000 caracteres',
    spoiler: 'Spoiler',
    spoilerHint: 'Esconde o comentário inteiro até o leitor abrir; coloque só um trecho entre ||barras duplas|| para esconder apenas ele.',
    post: 'Publicar comentário',
    postReply: 'Publicar resposta',
    posting: 'Publicando...',
  },
  empty: {
    title: 'Nenhum comentário ainda',
    dorama: 'Seja o primeiro a compartilhar sua opinião!',
    profile: 'Seja o primeiro a deixar um comentário neste perfil!',
  },
  signIn: 'Entre para participar da conversa',
  blocked: 'Você não pode comentar neste perfil.',
  loading: 'Carregando comentários...',
  loadingMore: 'Carregando mais comentários...',
  edited: '(editado)',
  actions: {
    reply: 'Responder',
    edit: 'Editar',
    delete: 'Excluir',
    save: 'Salvar',
    saving: 'Salvando...',
    cancel: 'Cancelar',
    report: 'Denunciar',
    close: 'Fechar',
  },
  replies: {
    show: { one: '{count} resposta', other: '{count} respostas' },
    hide: 'Ocultar respostas',
  },
  reactions: {
    group: 'Reações',
    like: 'Curtir',
    love: 'Amei',
    laugh: 'Haha',
    label: { one: '{reaction}, {count} reação', other: '{reaction}, {count} reações' },
    signIn: 'Entre para reagir aos comentários',
    failed: 'Não foi possível atualizar a reação. Tente novamente.',
    logIn: 'Entrar',
  },
  spoiler: {
    show: 'Mostrar spoiler',
    comment: 'Este comentário contém spoilers.',
    badge: 'Spoiler',
  },
  delete: {
    title: 'Excluir comentário',
    confirm: 'Tem certeza de que deseja excluir este comentário? Esta ação não pode ser desfeita.',
    deleting: 'Excluindo...',
  },
  report: {
    title: 'Denunciar comentário',
    reason: 'Por que você está denunciando este comentário?',
    reasons: {
      spam: 'Spam',
      harassment: 'Assédio ou intimidação',
      spoiler: 'Spoiler sem aviso',
      hate: 'Discurso de ódio',
      otherReason: 'Outro motivo',
    },
    note: 'Algo que os moderadores devam saber? (opcional)',
    send: 'Enviar denúncia',
    sending: 'Enviando...',
    sent: 'Obrigado pela denúncia. Um moderador vai analisar.',
    failed: 'Não foi possível enviar a denúncia. Tente novamente.',
  },
  problems: {
    tooMany: { one: 'Muitas tentativas. Tente novamente em {count} segundo.', other: 'Muitas tentativas. Tente novamente em {count} segundos.' },
    tooLong: 'Os comentários podem ter no máximo {max} caracteres.',
  },
  recently: 'Recentemente',
};

export default { en, 'pt-br': ptBr };

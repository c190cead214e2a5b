import { atom } from 'nanostores';
import { deleteReaction, listComments, saveReaction, type CommentOrder, type CommentTarget } from '../../lib/api/operations/comments.ts';
import type { Comment, ReactionCounts, ReactionType, Reply } from '../../lib/api/wire/index.ts';
import { session as pageSession, type Session } from '../shared/data-layer/session.ts';
import { createChoice, type Cell, type ChoiceSpec } from '../shared/data-layer/toggle.ts';

/** the reaction types, in the order their buttons show (spec 2 §9) */
export const REACTIONS: readonly ReactionType[] = ['like', 'love', 'laugh'];

/**
 * A member's reaction to one comment and the comment's counts. `id` is the member's reaction's id
 * (kept after taking it back: unused then), `type` what the member chose, or null.
 */
export interface ReactionState {
  id?: number;
  type: ReactionType | null;
  reactions: ReactionCounts;
}

/** the state after choosing `next` (null: none): the old type's count − 1 (never below 0), the new one's + 1 (spec 2 §4) */
export function chooseReaction(state: ReactionState, next: ReactionType | null): ReactionState {
  if (state.type === next) return state;
  const reactions = { ...state.reactions };
  if (state.type) reactions[state.type] = Math.max(0, reactions[state.type] - 1);
  if (next) reactions[next] += 1;
  return { id: state.id, type: next, reactions };
}

export const reactionStateOf = (comment: Comment | Reply): ReactionState => ({
  id: comment.my_reaction?.id,
  type: comment.my_reaction?.type ?? null,
  reactions: comment.reactions,
});

/** finds a comment (or a reply) by id in a page */
const findIn = (comments: Comment[], id: number): Comment | Reply | undefined => {
  for (const c of comments) {
    if (c.id === id) return c;
    const reply = c.replies.find((r) => r.id === id);
    if (reply) return reply;
  }
  return undefined;
};

/**
 * One comment's reactions (spec 2 §4: one per member; the same type again takes it back, another
 * type replaces it; counts move at once), through the data layer's one choice helper (017):
 * POST /reactions/ answers the counts after it (they replace the shown ones), DELETE /reactions/{id}
 * nothing (the counts moved stand). A stale state (a 400) is read again from the target's first page.
 */
export function createReactions(
  commentId: number,
  initial: ReactionState,
  reread: { target: CommentTarget; order: CommentOrder },
  messages: ChoiceSpec<ReactionState, ReactionType>['messages'],
  session: Session = pageSession,
) {
  const $state = atom<ReactionState>(initial);
  const $reading = atom(false);
  const cell: Cell<ReactionState> = {
    get: () => $state.get(),
    reading: () => $reading.get(),
    set: (state) => $state.set(state),
    async refresh() {
      $reading.set(true);
      try {
        const page = await session.call(listComments(reread.target, reread.order, null, 'member'));
        const found = findIn(page.comments, commentId);
        if (found) $state.set(reactionStateOf(found));
        return $state.get();
      } finally {
        $reading.set(false);
      }
    },
  };
  const choice = createChoice<ReactionState, ReactionType>({
    cell,
    chosen: (state) => state.type,
    choose: chooseReaction,
    write: (next) => {
      // the answer (ReactionSaved) is a state: its id, type and the counts after it
      if (next) return saveReaction({ type: next, comment_id: commentId });
      return deleteReaction($state.get().id ?? 0);
    },
    messages,
  }, session);
  return { $state, $reading, $status: choice.$status, choose: choice.choose };
}

// Watch lists (spec 2 §3, §4, §5; contract "Watch lists and activity"; docs/decisions/020): the four
// lists, their names, list ids, and the rules and messages of an entry. Pure: server and browser.

/** The statuses of an entry, which are also the four lists, in the order the lists are answered. */
export const LIST_STATUSES = ['watching', 'completed', 'plan_to_watch', 'dropped'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/** Each list's name (the section headings of the All tab). */
export const LIST_NAMES: Record<ListStatus, string> = {
  watching: 'Currently Watching',
  completed: 'Completed',
  plan_to_watch: 'Plan to Watch',
  dropped: 'Dropped',
};

/** the rules' bounds */
export const SCORE_MIN = 1;
export const SCORE_MAX = 10;
export const NOTES_MAX = 2000;
/** the most episodes a progress may say when the drama's count is unknown */
export const PROGRESS_MAX = 9999;
export const FAVOURITES_MAX = 5;
/** activity items per page: the profile shows 3, the timeline 20 (spec 2 §9) */
export const RECENT_DEFAULT_SIZE = 20;

export const LIST_MESSAGES = {
  status: 'Status must be one of watching, completed, plan_to_watch, dropped',
  score: 'Score must be a whole number from 1 to 10',
  progress: 'Episodes watched must be a whole number from 0 to 9,999',
  progressOver: (episodes: number) => `Episodes watched cannot be more than the drama's ${episodes} episode${episodes === 1 ? '' : 's'}`,
  notes: 'Notes must be at most 2,000 characters',
  date: 'Dates must be real days written YYYY-MM-DD',
  dateInFuture: 'A date cannot be in the future',
  finishBeforeStart: 'The finish date cannot be before the start date',
  noEntry: 'This drama is not on your list',
  rewatchNeedsCompleted: 'Only a completed drama can be rewatched',
  private: "This member's lists are private",
  listNotFound: 'List not found',
  favouriteDramasFull: 'You can have at most 5 favorite dramas',
  favouriteCastFull: 'You can have at most 5 favorite cast',
} as const;

// A list is named by its owner and its type, and has no row of its own: its id is the owner's id
// times four plus the type's position in LIST_STATUSES (member 7's lists are 28 … 31). Stable, all
// digits (the contract's rule for ids in paths), and it tells nothing the owner's id does not.

/** The id of a member's list of one type. */
export const listIdOf = (ownerId: number, type: ListStatus): number => ownerId * LIST_STATUSES.length + LIST_STATUSES.indexOf(type);

/** The owner and type a list id names. */
export function readListId(listId: number): { ownerId: number; type: ListStatus } {
  const n = LIST_STATUSES.length;
  return { ownerId: Math.floor(listId / n), type: LIST_STATUSES[listId % n]! };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real day written YYYY-MM-DD (from year 1900). */
export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

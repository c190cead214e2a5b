import { atom, type ReadableAtom } from 'nanostores';
import { ApiClientError } from '../../../lib/api/api-client.ts';
import type { Operation } from '../../../lib/api/operations/operation.ts';
import { queries as pageQueries, type Queries, type ReadStore } from './queries.ts';
import { session as pageSession, type Session } from './session.ts';

/** Where a toggle's state lives: a cached answer, or a part of one (an item of a list). */
export interface Cell<S> {
  /** the state shown now; undefined when it is not known (its read failed, or has not started) */
  get(): S | undefined;
  /** the state is being read: a press now would act on what may be an older state */
  reading(): boolean;
  /** shows a state: writes it into the cached answer, so every island showing it follows */
  set(state: S): void;
  /** reads the state from the server again, shows it and answers it */
  refresh(): Promise<S>;
}

/** A cell that is the whole answer of a read store. */
export function cachedAnswer<S>(store: ReadStore<S>, queries: Queries = pageQueries): Cell<S> {
  return {
    get: () => store.get().data,
    reading: () => store.get().loading,
    set: (state) => store.mutate(state),
    refresh: () => queries.refresh(store),
  };
}

export interface ToggleSpec<S> {
  cell: Cell<S>;
  isOn(state: S): boolean;
  /** the state after switching (the flag flipped, its counter ± 1), shown before the server answers */
  flip(state: S): S;
  /** the write that switches on (true) or off; its answer is the new state, or nothing (then the flipped state stands) */
  write(on: boolean): Operation<S | void>;
  /** a failure that says the state shown was stale (default: a 400): the state is read again, no message */
  isStale?(error: ApiClientError): boolean;
  messages: {
    /** shown when the switch fails (a function: e.g. the server's own message for a rule) */
    failed: string | ((error: unknown) => string);
    /** shown when a signed-out visitor presses it, or the server says the member is signed out */
    signedOut: string;
  };
}

export interface ToggleFailure {
  message: string;
  /** the visitor must sign in (show a link to) */
  signIn: boolean;
}

export interface ToggleStatus {
  /** a change is on its way to the server */
  pending: boolean;
  /** why the last change failed (its state was rolled back) */
  failure: ToggleFailure | null;
}

export interface Toggle {
  readonly $status: ReadableAtom<ToggleStatus>;
  /**
   * Switches the state shown at once, then on the server. Changes are sent one at a time, in order;
   * presses while one is on its way change the wish, and only what differs from the server's answer
   * is sent next (a double click sends nothing more, or the way back). A failure rolls the state
   * back to the server's last and says so; a stale state (a 400) is read again instead. Resolves
   * when the server has the last wish (or it failed).
   */
  toggle(): Promise<void>;
}

const staleOn400 = (error: ApiClientError) => error.status === 400;

/**
 * The one helper for members' switches with a counter (a heart; later watch-list favourites,
 * follows, likes, reposts, reactions): optimistic, ordered, rolled back with a message on failure.
 */
export function createToggle<S>(spec: ToggleSpec<S>, session: Session = pageSession): Toggle {
  const { cell, isOn, flip } = spec;
  const isStale = spec.isStale ?? staleOn400;
  const $status = atom<ToggleStatus>({ pending: false, failure: null });
  const signedOut: ToggleFailure = { message: spec.messages.signedOut, signIn: true };
  /** the server's state as last known */
  let confirmed: S;
  /** the member's latest wish while changes are on their way; null when none is left */
  let wish: boolean | null = null;
  let running: Promise<void> | null = null;

  const shown = (): S => (wish === null || wish === isOn(confirmed) ? confirmed : flip(confirmed));

  function failureOf(error: unknown): ToggleFailure {
    if (error instanceof ApiClientError && error.status === 401) return signedOut;
    const { failed } = spec.messages;
    return { message: typeof failed === 'string' ? failed : failed(error), signIn: false };
  }

  async function run(): Promise<ToggleFailure | null> {
    while (wish !== null && wish !== isOn(confirmed)) {
      const on = wish;
      try {
        const answer = await session.call(spec.write(on));
        confirmed = answer ?? flip(confirmed);
      } catch (error) {
        wish = null;
        if (!(error instanceof ApiClientError && isStale(error))) {
          cell.set(confirmed);
          return failureOf(error);
        }
        try {
          confirmed = await cell.refresh();
        } catch (refreshError) {
          cell.set(confirmed);
          return failureOf(refreshError);
        }
        // a press during the read is a wish about the fresh state
        continue;
      }
      cell.set(shown());
    }
    wish = null;
    return null;
  }

  function toggle(): Promise<void> {
    if (!session.$token.get()) {
      $status.set({ pending: false, failure: signedOut });
      return Promise.resolve();
    }
    // a read of the state is on its way (islands show the control busy meanwhile): its answer decides
    if (cell.reading()) return running ?? Promise.resolve();
    const now = cell.get();
    if (now === undefined) {
      // the state could not be read: say so, and read it again for the next press
      $status.set({ pending: false, failure: failureOf(undefined) });
      cell.refresh().catch(() => undefined);
      return Promise.resolve();
    }
    if (!running) confirmed = now;
    wish = !isOn(now);
    cell.set(shown());
    $status.set({ pending: true, failure: null });
    running ??= run().then(
      (failure) => {
        running = null;
        $status.set({ pending: false, failure });
      },
      (error: unknown) => {
        running = null;
        $status.set({ pending: false, failure: failureOf(error) });
      },
    );
    return running;
  }

  return { $status, toggle };
}

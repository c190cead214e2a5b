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
 * The one helper for members' switches with a counter (a heart, follows, favourites; later likes,
 * reposts): optimistic, ordered, rolled back with a message on failure. An on/off switch is a
 * choice of one option or none (createChoice below), so both share one way of sending.
 */
export function createToggle<S>(spec: ToggleSpec<S>, session: Session = pageSession): Toggle {
  const { isOn, flip } = spec;
  const choice = createChoice<S, true>(
    {
      ...spec,
      chosen: (state) => (isOn(state) ? true : null),
      choose: (state, next) => ((next !== null) === isOn(state) ? state : flip(state)),
      write: (next) => spec.write(next !== null),
    },
    session,
  );
  return { $status: choice.$status, toggle: () => choice.choose(true) };
}

export interface ChoiceSpec<S, C> {
  cell: Cell<S>;
  /** the option chosen in a state, or null for none */
  chosen(state: S): C | null;
  /** the state after choosing `next` (null: none) — the choice moved and each option's counter ± 1 — shown before the server answers */
  choose(state: S, next: C | null): S;
  /** the write that makes `next` the choice (null: clears it); its answer is the new state, or nothing (then the chosen state stands) */
  write(next: C | null): Operation<S | void>;
  /** a failure that says the state shown was stale (default: a 400): the state is read again, no message */
  isStale?(error: ApiClientError): boolean;
  messages: ToggleSpec<S>['messages'];
}

export interface Choice<C> {
  readonly $status: ReadableAtom<ToggleStatus>;
  /**
   * Chooses an option at once, then on the server: choosing the option shown clears the choice,
   * another one switches to it. As the toggle: one write at a time, in order; choices made while
   * one is on its way change the wish, and only the last wish, if it differs from the server's
   * answer, is sent next. A failure rolls back to the server's last state and says so; a stale
   * state (a 400) is read again. Resolves when the server has the last wish (or it failed).
   */
  choose(option: C): Promise<void>;
}

/**
 * "One of N or none" (a reaction: like, love or laugh), optimistic, ordered and rolled back on
 * failure like the toggle, whose sending it is. Options are compared with `===`.
 */
export function createChoice<S, C>(spec: ChoiceSpec<S, C>, session: Session = pageSession): Choice<C> {
  const { cell, chosen, choose: moved } = spec;
  const isStale = spec.isStale ?? staleOn400;
  const $status = atom<ToggleStatus>({ pending: false, failure: null });
  const signedOut: ToggleFailure = { message: spec.messages.signedOut, signIn: true };
  /** the server's state as last known */
  let confirmed: S;
  /** the member's latest wish while changes are on their way */
  let wish: C | null = null;
  /** a wish is left to send (`wish` null is a wish too: none) */
  let wishing = false;
  let running: Promise<void> | null = null;

  const shown = (): S => (!wishing || wish === chosen(confirmed) ? confirmed : moved(confirmed, wish));

  function failureOf(error: unknown): ToggleFailure {
    if (error instanceof ApiClientError && error.status === 401) return signedOut;
    const { failed } = spec.messages;
    return { message: typeof failed === 'string' ? failed : failed(error), signIn: false };
  }

  async function run(): Promise<ToggleFailure | null> {
    while (wishing && wish !== chosen(confirmed)) {
      const next = wish;
      try {
        const answer = await session.call(spec.write(next));
        confirmed = answer ?? moved(confirmed, next);
      } catch (error) {
        wishing = false;
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
        // a choice during the read is a wish about the fresh state
        continue;
      }
      cell.set(shown());
    }
    wishing = false;
    return null;
  }

  function choose(option: C): Promise<void> {
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
    wish = chosen(now) === option ? null : option;
    wishing = true;
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

  return { $status, choose };
}

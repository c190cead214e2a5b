// What every page loader answers (docs/decisions/016): the page's data, a redirect, or an error state
// with its HTTP status, classified once (errors.ts' classifyError, the API's classification too).
// Loaders never throw; the pages hand the result to `answerPage` (http/page-answer.ts) and render
// the state. The spec 1 §8 messages of each state stay with each page (src/lib/<feature>/).
import type { IdSlug } from '../../../ids/path-id.ts';
import type { LoadFailure } from '../../../ui/load-failure.ts';
import { classifyError, NotFoundError } from '../../errors.ts';
import { logger } from '../../logger.ts';

export type PageError<T = never> =
  /** the address names no page of this kind (/drama/, /drama/4/5): the site's not-found page */
  | { kind: 'error'; reason: 'no-page'; status: 404 }
  /** an id that is not all digits (spec 1 §5) */
  | { kind: 'error'; reason: 'invalid-id'; status: 400 }
  /** nothing has that id */
  | { kind: 'error'; reason: 'not-found'; status: 404 }
  /**
   * loading failed: 503 when the database cannot be reached (`failure` has noResponse), 500 for a bug
   * (logged), a domain error's own status otherwise; `data` is what the page still shows around the
   * error (a search page's form), when it has any
   */
  | { kind: 'error'; reason: 'failed'; status: number; failure: LoadFailure; data?: T };

export type PageResult<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  | PageError<T>;

export const pageOk = <T>(data: T): PageResult<T> => ({ kind: 'ok', data });

export const pageRedirect = <T>(location: string, status: 301 | 302 = 302): PageResult<T> => ({ kind: 'redirect', location, status });

/** The error state of an id slug that is not an id (src/lib/ids/path-id.ts). */
export function slugError(slug: Exclude<IdSlug, { kind: 'id' }>): PageError {
  return slug.kind === 'invalid' ? { kind: 'error', reason: 'invalid-id', status: 400 } : { kind: 'error', reason: 'no-page', status: 404 };
}

/**
 * The page's error state for a failure, the one classification of every page: NotFoundError is the
 * not-found state; the database out of reach is 503 "no connection"; anything unexpected is a 500,
 * logged with `context`. `data` is kept for pages that render it around the error.
 */
export function pageFailure<T = never>(error: unknown, context: Record<string, unknown>, data?: T): PageError<T> {
  if (error instanceof NotFoundError) return { kind: 'error', reason: 'not-found', status: 404 };
  const { status } = classifyError(error);
  if (status >= 500) logger[status === 503 ? 'warn' : 'error']({ err: error, ...context }, 'a page failed to load');
  const failure: LoadFailure = status === 503 ? { noResponse: true } : { status };
  return { kind: 'error', reason: 'failed', status, failure, ...(data !== undefined && { data }) };
}

/** Runs a loader's work, turning anything it throws into the page's error state (never throws). */
export async function loadPage<T>(context: Record<string, unknown>, load: () => Promise<PageResult<T>>): Promise<PageResult<T>> {
  try {
    return await load();
  } catch (error) {
    return pageFailure<T>(error, context);
  }
}

/** What the page renders: the data of an ok result, or what an error state carries; undefined otherwise. */
export function pageData<T>(result: PageResult<T>): T | undefined {
  if (result.kind === 'ok') return result.data;
  return result.kind === 'error' && result.reason === 'failed' ? result.data : undefined;
}

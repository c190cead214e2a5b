// The errors services throw (docs/decisions/016): what went wrong in the domain's terms, never an
// HTTP answer. `classifyError` is the one place that says what each one means to a client, and both
// the API (api/errors.ts: `{ detail, field? }` with the status) and the page loaders
// (services/pages/page-result.ts: the page's error state) read their answers from it.
import { isConnectionError, RETRY_AFTER_SECONDS } from './db/connection-errors.ts';
import { suspendedMessage } from '../moderation/member-moderation-rules.ts';

/** A failure the caller can be told about: its message is fit to show, `field` names the input at fault. */
export abstract class DomainError extends Error {
  readonly field?: string;

  constructor(message: string, field?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.field = field;
  }
}

/** The input breaks a rule (a bad id, a heart already given, an expired link). */
export class ValidationError extends DomainError {}

/** Nobody is signed in, or the credentials or token do not hold. */
export class UnauthenticatedError extends DomainError {
  constructor(message = 'Not authenticated') {
    super(message);
  }
}

/** Signed in, but not allowed to do this. */
export class ForbiddenError extends DomainError {
  constructor(message = "You don't have permission to perform this action") {
    super(message);
  }
}

/**
 * A suspended member signing in (contract "Moderating members"): a 403 'This account is suspended
 * until {date}.', whose answer also carries `suspended_until` (ISO 8601) for the islands to say it
 * in the reader's language.
 */
export class SuspendedError extends ForbiddenError {
  readonly until: Date;

  constructor(until: Date) {
    super(suspendedMessage(until));
    this.until = until;
  }
}

/** What the request names does not exist. */
export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(message);
  }
}

/** What was sent is larger than it may be (an upload beyond the size it was signed for). */
export class PayloadTooLargeError extends DomainError {}

/** The change collides with the current state (a username taken, a record changed since). */
export class ConflictError extends DomainError {}

/**
 * Why an edit of the catalogue collides with the record (docs/decisions/038 "Conflicts"):
 * `changed` — the fields changed on the record since the suggestion was made or the entry applied;
 * `locked` — the fields are locked against suggestions; `dates` — the aired dates would no longer
 * be in order with the record's other date as it is now.
 */
export type EditConflictReason = 'changed' | 'locked' | 'dates';

/**
 * A 409 about fields of a record: the answer carries `fields` (the wire names, all of them) and
 * `reason` beside `detail` and `field` (the first), so a client names them in its own language.
 */
export class EditConflictError extends ConflictError {
  readonly fields: string[];
  readonly reason: EditConflictReason;

  constructor(message: string, fields: string[], reason: EditConflictReason) {
    super(message, fields[0]);
    this.fields = fields;
    this.reason = reason;
  }
}

/** Refused by a rate limit (rate-limit.ts builds the message); `retryAfterSeconds` until it may be tried again. */
export class RateLimitedError extends DomainError {
  readonly limit: string;
  readonly retryAfterSeconds: number;

  /** `field`: the input the limit is about (a rename's `username`), when it is about one */
  constructor(message: string, limit: string, retryAfterSeconds: number, field?: string) {
    super(message, field);
    this.limit = limit;
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/**
 * Something the site depends on is away: the database (restarting, failing over), or a sign-in
 * provider. `retryAfterSeconds` when it is known to come back by itself.
 */
export class ServiceUnavailableError extends DomainError {
  readonly retryAfterSeconds?: number;

  constructor(message = SERVICE_UNAVAILABLE, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, undefined, { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The message of a database outage (docs/decisions/014). */
export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable';

/** What an error means to a client: the status it is answered with, and the domain error (none for a bug). */
export interface ClassifiedError {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;
  /** undefined: an unexpected error (a bug, a broken query): a 500 whose details stay in the log */
  error?: DomainError;
}

const STATUS = new Map<abstract new (...args: never[]) => DomainError, ClassifiedError['status']>([
  [ValidationError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [RateLimitedError, 429],
  [ServiceUnavailableError, 503],
]);

/**
 * The one classification of failures, for the API and the pages alike: a domain error by its kind;
 * the database being unreachable (db/connection-errors.ts) as a ServiceUnavailableError with
 * Retry-After; anything else is unexpected (500).
 */
export function classifyError(error: unknown): ClassifiedError {
  if (error instanceof DomainError) {
    for (const [kind, status] of STATUS) if (error instanceof kind) return { status, error };
  }
  if (isConnectionError(error)) {
    return { status: 503, error: new ServiceUnavailableError(SERVICE_UNAVAILABLE, { retryAfterSeconds: RETRY_AFTER_SECONDS, cause: error }) };
  }
  return { status: 500 };
}

/**
 * The transport of our API (/api/v1): JSON in and out, a bearer token when given. Islands do not call
 * it: they send the typed operations of ./operations/ through the data layer
 * (src/islands/shared/data-layer/), which adds the stored token and the sign-out on a 401.
 */

export const API_BASE = '/api/v1';

/** A non-2xx answer (or no answer: status 0), with the server's `detail` when it sent one. */
export class ApiClientError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly field?: string;
  /** a 429's Retry-After, in seconds */
  readonly retryAfter?: number;
  /** a suspended member's sign-in (403): until when, ISO 8601 (contract "Moderating members") */
  suspendedUntil?: string;
  /**
   * an edit conflict (409, docs/decisions/038 "Conflicts"): every field it is about (wire names) and
   * why — to be said in the page's language, never by showing `detail`
   */
  conflict?: EditConflict;

  constructor(status: number, detail: string | undefined, field?: string, retryAfter?: number) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiClientError';
    this.status = status;
    this.detail = detail;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

/** Why an edit of the catalogue collided with the record, and the fields concerned (ErrorSchema's `fields`, `reason`). */
export interface EditConflict {
  fields: string[];
  reason: 'changed' | 'locked' | 'dates';
}

const CONFLICT_REASONS: readonly string[] = ['changed', 'locked', 'dates'];

/** The edit conflict an error body describes, when it describes one. */
export function readConflict(body: unknown): EditConflict | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { fields, reason } = body as { fields?: unknown; reason?: unknown };
  if (!Array.isArray(fields) || fields.length === 0 || !fields.every((f) => typeof f === 'string')) return undefined;
  if (typeof reason !== 'string' || !CONFLICT_REASONS.includes(reason)) return undefined;
  return { fields, reason: reason as EditConflict['reason'] };
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** sent as JSON */
  json?: unknown;
  /** sent as multipart/form-data */
  form?: Record<string, string>;
  /** the bearer token to send, if any */
  token?: string | null;
  signal?: AbortSignal;
}

/** Builds a query string: empty values are left out, arrays repeated (spec 1 §5). */
export function toQueryString(query: Record<string, string | number | boolean | (string | number)[] | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The server's message from an error body: `detail` (string or object) or `message`. */
export function readDetail(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : undefined;
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object') return readDetail(detail);
  if (typeof message === 'string') return message;
  return undefined;
}

/** Calls the API; resolves with the parsed body, rejects with ApiClientError. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  let body: BodyInit | undefined;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(request.form)) form.set(k, v);
    body = form;
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: request.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: request.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiClientError(0, undefined);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    const field = parsed && typeof parsed === 'object' ? (parsed as { field?: string }).field : undefined;
    const failure = new ApiClientError(response.status, readDetail(parsed), field, +response.headers.get('Retry-After')! || undefined);
    const until = parsed && typeof parsed === 'object' ? (parsed as { suspended_until?: unknown }).suspended_until : undefined;
    if (typeof until === 'string') failure.suspendedUntil = until;
    failure.conflict = readConflict(parsed);
    throw failure;
  }
  return parsed as T;
}

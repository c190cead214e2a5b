// The typed API client: every call the browser makes, with the type of its answer (inferred from the
// API's zod schemas, src/lib/api/wire/). Islands never write a URL or a wire type: they pass these
// operations to the data layer (src/islands/shared/data-layer/), which sends them with apiFetch.
//
// One function per operation, named by its operationId in the OpenAPI document, in one module per
// feature (./<feature>.ts): a bundler keeps a whole module in a chunk, so the calls every page may
// make (./session.ts) stay apart from those of one screen.

/**
 * Whose call it is: `member` sends the stored token (and is not sent without one), `anyone` sends
 * no token (a public read, answered from the server's public cache), or the given token.
 */
export type Caller = 'member' | 'anyone' | { token: string };

/** One call of the API, typed by its answer `T` (a phantom: never set). */
export interface Operation<T> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** the path under /api/v1 with its query string; for a GET, also what its answer is cached under */
  readonly path: string;
  readonly caller: Caller;
  /** sent as JSON */
  readonly json?: unknown;
  /** sent as multipart/form-data */
  readonly form?: Record<string, string>;
  readonly answer?: T;
}

/** A GET: the only kind of operation a fetcher store reads (and caches). */
export type Read<T> = Operation<T> & { readonly method: 'GET' };

export const read = <T>(path: string, caller: Caller = 'member'): Read<T> => ({ method: 'GET', path, caller });
export const write = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: Partial<Operation<T>> = {}): Operation<T> => ({
  method,
  path,
  caller: 'member',
  ...body,
});

// The typed API client: every call the browser makes, with the type of its answer (inferred from the
// API's zod schemas, src/lib/api/wire/). Islands never write a URL or a wire type: they pass these
// operations to the data layer (src/islands/shared/data-layer/), which sends them with apiFetch.
import { API_BASE, toQueryString } from './api-client.ts';
import type {
  AccessToken,
  CurrentUser,
  DramaPage,
  EmailRequest,
  GoogleAuthorize,
  HeartState,
  LoginForm,
  Message,
  Person,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from './wire/index.ts';

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

const read = <T>(path: string, caller: Caller = 'member'): Read<T> => ({ method: 'GET', path, caller });
const write = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: Partial<Operation<T>> = {}): Operation<T> => ({
  method,
  path,
  caller: 'member',
  ...body,
});

/** The query of GET /dramas/seasons. */
export interface SeasonQuery {
  year: number;
  /** 1–4; the whole year when absent */
  quarter?: number | null;
  page?: number;
  size?: number;
}

export const api = {
  auth: {
    login: (form: LoginForm) => write<AccessToken>('POST', '/auth/login', { form, caller: 'anyone' }),
    register: (body: RegisterRequest) => write<Message>('POST', '/auth/register', { json: body, caller: 'anyone' }),
    forgotPassword: (body: EmailRequest) => write<Message>('POST', '/auth/forgot-password', { json: body, caller: 'anyone' }),
    resetPassword: (body: ResetPasswordRequest) => write<Message>('POST', '/auth/reset-password', { json: body, caller: 'anyone' }),
    verifyEmail: (body: VerifyEmailRequest) => write<Message>('POST', '/auth/verify', { json: body, caller: 'anyone' }),
    /** revokes `token` (the one just forgotten by this browser) */
    logout: (token: string) => write<void>('POST', '/auth/logout', { caller: { token } }),
    googleAuthorize: (state: string) => read<GoogleAuthorize>(`/auth/google/authorize${toQueryString({ state })}`, 'anyone'),
    /** where the browser goes when it cannot ask for the provider's address (spec 1 §8) */
    googleAuthorizeRedirect: (state: string) => `${API_BASE}/auth/google/authorize${toQueryString({ redirect: 'true', state })}`,
  },
  users: {
    /** the signed-in member; with `token`, the member of that token (a sign-in being landed) */
    me: (token?: string) => read<CurrentUser>('/users/me', token === undefined ? 'member' : { token }),
  },
  dramas: {
    seasons: (query: SeasonQuery) => read<DramaPage>(`/dramas/seasons${toQueryString({ ...query })}`, 'anyone'),
  },
  people: {
    get: (id: number) => read<Person>(`/people/${id}`, 'anyone'),
    heartStatus: (id: number) => read<HeartState>(`/people/${id}/heart-status`),
    giveHeart: (id: number) => write<HeartState>('POST', `/people/${id}/heart`),
    takeBackHeart: (id: number) => write<HeartState>('DELETE', `/people/${id}/heart`),
  },
} as const;

// The account screens' calls (spec 1 §2.13, §5, §8).
import { API_BASE, toQueryString } from '../api-client.ts';
import type {
  AccessToken,
  CurrentUser,
  EmailRequest,
  GoogleAuthorize,
  LoginForm,
  Message,
  RedeemSignInLinkRequest,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from '../wire/index.ts';
import { read, write } from './operation.ts';

export const login = (form: LoginForm) => write<AccessToken>('POST', '/auth/login', { form, caller: 'anyone' });
export const register = (body: RegisterRequest) => write<Message>('POST', '/auth/register', { json: body, caller: 'anyone' });
export const forgotPassword = (body: EmailRequest) => write<Message>('POST', '/auth/forgot-password', { json: body, caller: 'anyone' });
export const resetPassword = (body: ResetPasswordRequest) => write<Message>('POST', '/auth/reset-password', { json: body, caller: 'anyone' });
/** a one-time sign-in link by e-mail, for a member kept out by too many failed attempts (docs/decisions/032) */
export const requestSignInLink = (body: EmailRequest) => write<Message>('POST', '/auth/sign-in-link', { json: body, caller: 'anyone' });
export const redeemSignInLink = (body: RedeemSignInLinkRequest) => write<AccessToken>('POST', '/auth/sign-in-link/redeem', { json: body, caller: 'anyone' });
export const verifyEmail = (body: VerifyEmailRequest) => write<Message>('POST', '/auth/verify', { json: body, caller: 'anyone' });
/** GET /users/me (getCurrentUser) with a token not stored yet: the social sign-in landing checks it first */
export const getCurrentUserOf = (token: string) => read<CurrentUser>('/users/me', { token });
export const startGoogleSignIn = (state: string) => read<GoogleAuthorize>(`/auth/google/authorize${toQueryString({ state })}`, 'anyone');
/** where the browser goes when it cannot ask for the provider's address (spec 1 §8) */
export const googleSignInRedirect = (state: string) => `${API_BASE}/auth/google/authorize${toQueryString({ redirect: 'true', state })}`;

// Account rules shared by the API and the forms (spec 1 §5, spec 2 §5), with the spec's wording. The
// API's zod schemas of the same fields are in src/lib/api/wire/accounts.ts (no zod here: the forms
// import these rules into the browser).

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 500;
export const FULL_NAME_MAX_LENGTH = 100;

export const PASSWORD_MESSAGES = {
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 8 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  digit: 'Password must contain at least one digit',
} as const;

/** The live checklist of the registration form, in display order. */
export function passwordChecklist(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /[A-Z]/.test(password),
    digit: /\d/.test(password),
  };
}

/** The key of a password rule's message (auth.register.passwordProblems has the same keys). */
export const passwordProblemOf = (message: string | undefined) =>
  (Object.keys(PASSWORD_MESSAGES) as (keyof typeof PASSWORD_MESSAGES)[]).find((key) => PASSWORD_MESSAGES[key] === message);

/** The first password rule broken, in the spec's order; undefined when the password is fine. */
export function findPasswordProblem(password: string, confirm?: string): string | undefined {
  if (confirm !== undefined && password !== confirm) return PASSWORD_MESSAGES.mismatch;
  const checks = passwordChecklist(password);
  if (!checks.length) return PASSWORD_MESSAGES.tooShort;
  if (!checks.uppercase) return PASSWORD_MESSAGES.uppercase;
  if (!checks.digit) return PASSWORD_MESSAGES.digit;
  return undefined;
}

export const USERNAME_MESSAGE = 'Username must be 3 to 50 letters or digits';

/** The username rule: 3 to 50 letters or digits (any script). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}]{3,50}$/u;

/**
 * Whether `name` could be someone's username. Every username keeps the rule (registration, social
 * sign-in and profile edits all check it), so a name that breaks it (a NUL, a space, a slash, too
 * long) names no member and is not looked up: PostgreSQL refuses a NUL in a text value outright.
 */
export const couldBeUsername = (name: string) => USERNAME_PATTERN.test(name);

/** The API's answers about a username it refuses (contract "Usernames"; the rules: username-rules.ts, services/accounts/usernames.ts). */
export const USERNAME_MESSAGES = {
  taken: 'This username is already taken',
  reserved: 'This username is reserved',
  mixedScripts: 'Username must not mix letters of different scripts',
} as const;

/** What the forms say in their own words (auth.register.usernameProblems, profileEdit.usernameProblems). */
export type UsernameProblemKey = keyof typeof USERNAME_MESSAGES | 'renameLimit';

/**
 * Which username rule an API error answer names, if any: a 409 or 400 with one of USERNAME_MESSAGES
 * on `username`, or the 429 of the daily rename limit (also on `username`).
 */
export function usernameProblemOf(error: { status?: number; detail?: string; field?: string }): UsernameProblemKey | undefined {
  if (error.field !== 'username') return undefined;
  if (error.status === 429) return 'renameLimit';
  return (Object.keys(USERNAME_MESSAGES) as (keyof typeof USERNAME_MESSAGES)[]).find((key) => USERNAME_MESSAGES[key] === error.detail);
}
export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** The API's refusals on the account forms (services/accounts answers with these words). */
export const ACCOUNT_REFUSALS = {
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Incorrect email or password',
  notVerified: 'Please verify your email address before signing in. We have sent you a new verification link.',
  badVerifyToken: 'Invalid or expired verification token',
  badResetToken: 'Invalid or expired reset token',
  badEmail: EMAIL_MESSAGE,
} as const;

/** What the account forms say in their own words (auth.problems), by the same keys, plus a 429's `tooMany`. */
export type AccountProblemKey = keyof typeof ACCOUNT_REFUSALS | 'tooMany';

/** Which account refusal an API error answer is, if a known one: a 429 is `tooMany`, else its `detail` is looked up. */
export function accountProblemOf(error: { status?: number; detail?: string }): AccountProblemKey | undefined {
  if (error.status === 429) return 'tooMany';
  return (Object.keys(ACCOUNT_REFUSALS) as (keyof typeof ACCOUNT_REFUSALS)[]).find((key) => ACCOUNT_REFUSALS[key] === error.detail);
}

export const PROFILE_IMAGE_MESSAGE = 'Must be an image you uploaded for this field (POST /uploads), or null';

import { z } from 'zod';

// Account rules shared by the API and the forms (spec 1 §5, spec 2 §5), with the spec's wording.

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
export const EMAIL_MESSAGE = 'Please enter a valid email address';

export const EmailSchema = z.string().trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE));
export const UsernameSchema = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}]{3,50}$/u, USERNAME_MESSAGE);
export const PasswordSchema = z
  .string()
  .max(200, 'Password must be at most 200 characters long')
  .superRefine((password, ctx) => {
    const problem = findPasswordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
// No name needs a control character, and PostgreSQL refuses NUL in text; a bio keeps its line breaks and tabs.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
const NO_CONTROL_CHARACTERS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const FullNameSchema = z
  .string()
  .trim()
  .max(FULL_NAME_MAX_LENGTH, 'Full name must be at most 100 characters')
  .regex(NO_CONTROL_CHARACTERS, 'Full name must not contain control characters');
export const BioSchema = z
  .string()
  .max(BIO_MAX_LENGTH, 'Bio must be at most 500 characters')
  .regex(NO_CONTROL_CHARACTERS_BUT_LINES, 'Bio must not contain control characters');

export const PROFILE_IMAGE_MESSAGE = 'Must be an image uploaded to this site (a /media/ address)';

/**
 * A profile image (avatar, cover photo): a path under our own /media/, whose segments are plain
 * names (no '.', '..' or empty segment, nothing a browser could read as another host); null removes
 * it. Outside addresses are refused: they would let a member make every visitor's browser call a
 * host of their choosing.
 */
export const ProfileImageSchema = z
  .string()
  .trim()
  .max(500, PROFILE_IMAGE_MESSAGE)
  .regex(/^\/media(?:\/[\w~-][\w.~-]*)+$/, PROFILE_IMAGE_MESSAGE)
  .nullable();

// The edit-profile form's rules (spec 2 "Edit profile screen", §5, §8, §9). Pure: the island
// (src/islands/profiles/EditProfile.tsx) words the answers from the `profileEdit` messages.
import { BIO_MAX_LENGTH, FULL_NAME_MAX_LENGTH, USERNAME_PATTERN, usernameProblemOf, type UsernameProblemKey } from '../accounts/account-rules.ts';

/** the edit screen holds both images to 5 MB (spec 2 §5, §9) */
export const EDIT_IMAGE_MAX_MB = 5;
/** after a successful save, the profile opens after 1.5 s (spec 2 §9) */
export const SAVED_REDIRECT_MS = 1500;

export interface ProfileForm {
  username: string;
  fullName: string;
  bio: string;
}

export type FormProblem = 'username' | 'bio' | 'fullName';

/** The first field that breaks a rule, or null. */
export function findFormProblem(form: ProfileForm): FormProblem | null {
  if (!USERNAME_PATTERN.test(form.username.trim())) return 'username';
  if (form.fullName.trim().length > FULL_NAME_MAX_LENGTH) return 'fullName';
  if (form.bio.length > BIO_MAX_LENGTH) return 'bio';
  return null;
}

/** Save is disabled while saving or while the username is empty (spec 2). */
export const canSave = (form: ProfileForm, saving: boolean) => !saving && form.username.trim() !== '';

/** What PUT /users/me is sent: the fields that changed (trimmed), and new images' addresses. */
export function profilePatch(
  before: ProfileForm,
  form: ProfileForm,
  images: { avatar?: string; cover_photo?: string } = {},
): { username?: string; full_name?: string; bio?: string; avatar?: string; cover_photo?: string } {
  const patch: ReturnType<typeof profilePatch> = { ...images };
  const username = form.username.trim();
  if (username !== before.username) patch.username = username;
  if (form.fullName.trim() !== before.fullName) patch.full_name = form.fullName.trim();
  if (form.bio !== before.bio) patch.bio = form.bio;
  return patch;
}

/**
 * What a failed save says (spec 2 §8): the server's detail when it sent one (409 username taken, a
 * 400 rule), with the username rule it names if any (`username`, for the form's own words in other
 * languages); 'Failed to update the profile.' when it answered without one, 'An unexpected error
 * occurred while saving.' when there was no answer at all.
 */
export function saveFailure(
  error: unknown,
): { kind: 'detail'; detail: string; username?: UsernameProblemKey } | { kind: 'failed' } | { kind: 'unexpected' } {
  const e = error as { status?: unknown; detail?: unknown; field?: unknown } | null;
  if (e && typeof e.status === 'number' && e.status > 0) {
    if (typeof e.detail !== 'string' || !e.detail) return { kind: 'failed' };
    const username = usernameProblemOf({ status: e.status, detail: e.detail, field: typeof e.field === 'string' ? e.field : undefined });
    return username ? { kind: 'detail', detail: e.detail, username } : { kind: 'detail', detail: e.detail };
  }
  return { kind: 'unexpected' };
}

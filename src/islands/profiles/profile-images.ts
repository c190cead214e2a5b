import { ApiClientError } from '../../lib/api/api-client.ts';
import { createUpload, sendUpload } from '../../lib/api/operations/uploads.ts';
import { updateCurrentUser } from '../../lib/api/operations/profiles.ts';
import type { CurrentUser } from '../../lib/api/wire/index.ts';
import { checkProfileImage, type ImageProblem } from '../../lib/profiles/profile-image-check.ts';
import { PROFILE_IMAGE_PURPOSE, uploadProblemOf } from '../../lib/uploads/upload-rules.ts';
import { PROFILE_IMAGE_MESSAGE } from '../../lib/accounts/account-rules.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Words } from '../shared/words.tsx';
import { $user } from '../accounts/auth-store.ts';
import { session } from '../shared/data-layer/session.ts';

export type ProfileImageField = keyof typeof PROFILE_IMAGE_PURPOSE;

/** Why an image was not saved: a check in the browser, the upload, or the profile update (with the server's detail and status). */
export type ImageFailure = { step: 'check'; problem: ImageProblem } | { step: 'upload' | 'update'; detail?: string; status?: number };

export class ImageSaveError extends Error {
  readonly failure: ImageFailure;
  constructor(failure: ImageFailure) {
    super(failure.step);
    this.failure = failure;
  }
}

const refusalOf = (error: unknown): { detail?: string; status?: number } =>
  error instanceof ApiClientError && error.status >= 400 && error.status < 500 && error.status !== 401 ? { detail: error.detail, status: error.status } : {};

/**
 * The server's refusal of an image in the page's words (docs/decisions/019): its `detail` as it is
 * on an English page; in another language a known rule (uploadProblemOf) or too many tries (429) in
 * the catalogue's words, and undefined for anything else (the caller says it in its own words).
 */
export function refusalWords(failure: { detail?: string; status?: number }, t: Words<'uploadProblems'>, locale: Locale): string | undefined {
  if (!failure.detail) return undefined;
  if (locale === 'en') return failure.detail;
  if (failure.status === 429) return t('uploadProblems.tooMany');
  const problem = uploadProblemOf(failure.detail, PROFILE_IMAGE_MESSAGE);
  if (!problem) return undefined;
  return 'params' in problem ? t(`uploadProblems.${problem.key}`, problem.params) : t(`uploadProblems.${problem.key}`);
}

/**
 * Sends one profile image the contract's way ("Uploads"): checked here first (spec 2 §5), then
 * POST /uploads for a signed address, the file PUT straight to it, and the answered `public_url`
 * returned. `maxMb`: the screen's limit when it is not the purpose's.
 */
export async function uploadProfileImage(file: File, field: ProfileImageField, maxMb?: number): Promise<string> {
  const purpose = PROFILE_IMAGE_PURPOSE[field];
  const problem = checkProfileImage(file, purpose, maxMb);
  if (problem) throw new ImageSaveError({ step: 'check', problem });
  let ticket;
  try {
    ticket = await session.call(createUpload({ purpose, content_type: file.type, size: file.size }));
  } catch (error) {
    throw new ImageSaveError({ step: 'upload', ...refusalOf(error) });
  }
  if (!(await sendUpload(ticket, file))) throw new ImageSaveError({ step: 'upload' });
  return ticket.public_url;
}

/** Uploads `file` and makes it the member's avatar or cover (PUT /users/me); the navbar follows. */
export async function replaceProfileImage(file: File, field: ProfileImageField): Promise<CurrentUser> {
  const url = await uploadProfileImage(file, field);
  try {
    const saved = await session.call(updateCurrentUser({ [field]: url }));
    $user.set(saved.user);
    return saved.user;
  } catch (error) {
    throw new ImageSaveError({ step: 'update', ...refusalOf(error) });
  }
}

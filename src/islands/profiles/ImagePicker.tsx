import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { Words } from '../shared/words.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { ImageSaveError, refusalWords, replaceProfileImage, type ImageFailure, type ProfileImageField } from './profile-images.ts';
import { COVER_SIZES, coverSrcset } from '../../lib/uploads/image-variants.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** The words of a failed image change (spec 2 §5, §8): a server's refusal in the page's language (refusalWords). */
export function profileImageMessage(failure: ImageFailure, field: ProfileImageField, t: Words<'profileMember' | 'uploadProblems'>, locale: Locale): string {
  const avatar = field === 'avatar';
  if (failure.step === 'check') {
    const { problem } = failure;
    if (problem.kind === 'not-image') return t('profileMember.image.notImage');
    if (problem.kind === 'unsupported') return t('profileMember.image.unsupported');
    return t('profileMember.image.tooLarge', { n: String(problem.maxMb) });
  }
  const refusal = refusalWords(failure, t, locale);
  if (refusal) return refusal;
  if (failure.step === 'upload') return t(avatar ? 'profileMember.image.uploadFailedAvatar' : 'profileMember.image.uploadFailedCover');
  return t(avatar ? 'profileMember.image.updateFailedAvatar' : 'profileMember.image.updateFailedCover');
}

/** Shows the new image in the page the server rendered (the avatar, or the cover, made when there was none). */
function showImage(field: ProfileImageField, url: string | null) {
  if (!url) return;
  if (field === 'avatar') {
    const img = document.querySelector<HTMLImageElement>('[data-avatar-image]');
    if (img) img.src = url;
    return;
  }
  const cover = document.querySelector<HTMLElement>('[data-profile-cover]');
  if (!cover) return;
  let img = cover.querySelector<HTMLImageElement>('[data-cover-image]');
  if (!img) {
    img = document.createElement('img');
    img.alt = '';
    img.dataset.coverImage = '';
    img.dataset.fallback = '';
    img.className = 'absolute inset-0 size-full object-cover';
    cover.prepend(img);
  }
  img.hidden = false;
  // the new cover's own widths (the old srcset would keep showing the old image)
  const srcset = coverSrcset(url);
  if (srcset) {
    img.srcset = srcset;
    img.sizes = COVER_SIZES;
  } else img.removeAttribute('srcset');
  img.src = url;
}

/**
 * The owner's replacement of the avatar (click it) or the cover (click it, or 'Edit Cover') right on
 * the profile (spec 2 §2): a file input, the checks of §5 (avatar 5 MB, cover 10 MB), the upload
 * flow, and the messages of §8. Idle → uploading → idle, with or without an error (§4).
 */
export function ImagePicker({ field, t, locale }: { field: ProfileImageField; t: Words<'profileMember' | 'uploadProblems'>; locale: Locale }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const avatar = field === 'avatar';

  // the cover itself opens the picker too
  useEffect(() => {
    if (avatar) return;
    const cover = document.querySelector<HTMLElement>('[data-profile-cover]');
    if (!cover) return;
    const open = (event: MouseEvent) => {
      if (event.target === cover || (event.target as HTMLElement).matches('[data-cover-image]')) input.current?.click();
    };
    cover.classList.add('cursor-pointer');
    cover.addEventListener('click', open);
    return () => {
      cover.classList.remove('cursor-pointer');
      cover.removeEventListener('click', open);
    };
  }, [avatar]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const user = await replaceProfileImage(file, field);
      showImage(field, avatar ? user.avatar : user.cover_photo);
    } catch (error) {
      setProblem(error instanceof ImageSaveError ? profileImageMessage(error.failure, field, t, locale) : t(avatar ? 'profileMember.image.updateFailedAvatar' : 'profileMember.image.updateFailedCover'));
    } finally {
      setBusy(false);
    }
  };

  const fileInput = (
    <input ref={input} id={id} type="file" accept={ACCEPT} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void pick(e)} data-image-input={field} />
  );
  const status = (
    <>
      {busy && (
        <span role="status" className="rounded-md bg-slate-900/80 px-2 py-1 text-xs font-medium text-white">
          {t('profileMember.uploading')}
        </span>
      )}
      {problem && (
        <span role="alert" className="rounded-md bg-surface px-2 py-1 text-xs font-medium text-danger shadow-card" data-image-problem={field}>
          {problem}
        </span>
      )}
    </>
  );

  if (avatar) {
    return (
      <>
        {fileInput}
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-label={t('profileMember.changeAvatar')}
          data-change-avatar
          className="group absolute inset-0 flex items-center justify-center rounded-full bg-slate-900/0 text-white hover:bg-slate-900/45 focus-visible:bg-slate-900/45"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" className="opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100">
            <path fill="currentColor" d="M9 4l-1.8 2H4a2 2 0 00-2 2v10a2 2 0 002 2h16a2 2 0 002-2V8a2 2 0 00-2-2h-3.2L15 4H9zm3 4.5a4.5 4.5 0 110 9 4.5 4.5 0 010-9zm0 2a2.5 2.5 0 100 5 2.5 2.5 0 000-5z" />
          </svg>
        </button>
        <span className="absolute top-full left-0 z-10 mt-1 flex w-60 flex-col items-start gap-1">{status}</span>
      </>
    );
  }
  return (
    <span className="flex flex-col items-end gap-1">
      {fileInput}
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={busy}
        data-edit-cover
        className="rounded-full bg-slate-900/75 px-3 py-1.5 text-xs font-semibold text-white hover:bg-slate-900/90 disabled:opacity-60"
      >
        {t('profileMember.editCover')}
      </button>
      {status}
    </span>
  );
}


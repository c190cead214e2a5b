import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { loginUrlFor, rememberNext } from '../../lib/accounts/auth-redirect.ts';
import { BIO_MAX_LENGTH, FULL_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../lib/accounts/account-rules.ts';
import { updateCurrentUser } from '../../lib/api/operations/profiles.ts';
import type { CurrentUser } from '../../lib/api/wire/index.ts';
import { checkProfileImage } from '../../lib/profiles/profile-image-check.ts';
import { canSave, EDIT_IMAGE_MAX_MB, findFormProblem, profilePatch, saveFailure, SAVED_REDIRECT_MS, type ProfileForm } from '../../lib/profiles/profile-edit.ts';
import { profilePath } from '../../lib/profiles/profile-links.ts';
import { initialsAvatar } from '../../lib/users/user-display.ts';
import { $user } from '../accounts/auth-store.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { session } from '../shared/data-layer/session.ts';
import { BlockedMembers } from '../blocks/BlockedMembers.tsx';
import { Alert, Spinner } from '../shared/form-ui.tsx';
import type { Words } from '../shared/words.tsx';
import { ImageSaveError, refusalWords, uploadProfileImage, type ProfileImageField } from './profile-images.ts';

type EditWords = Words<'profileEdit' | 'uploadProblems'>;
type Locale = IslandMessages<'profileEdit'>['locale'];

const fieldClass =
  'block w-full rounded-lg border border-line-strong bg-surface px-3 py-2.5 text-fg placeholder:text-fg-faint focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none';

/**
 * /profile/edit (spec 2 "Edit profile screen"): cover and avatar pickers with previews, username,
 * full name, bio; Cancel back to the profile; Save uploads new images (the upload flow) and sends
 * the changed fields (PUT /users/me), then says so and opens the profile after 1.5 s. A visitor is
 * sent to sign in (and comes back); the access-denied panel shows meanwhile and whenever no member
 * could be loaded. Below the form, the member's block list (Blocked members).
 */
export default function EditProfile({ i18n }: { i18n: IslandMessages<'profileEdit' | 'uploadProblems' | 'blockList' | 'islandsShared'> }) {
  const t = islandTranslator(i18n);
  const { state, user } = useAuth();
  useEffect(() => {
    if (state !== 'signed-out') return;
    const here = window.location.pathname + window.location.search;
    rememberNext(here);
    window.location.replace(localePath(i18n.locale, loginUrlFor(here)));
  }, [state]);
  if (state === 'loading') return <Spinner label={t('profileEdit.loading')} />;
  if (!user) {
    return (
      <section className="mx-auto max-w-md rounded-2xl border border-line bg-surface p-6 text-center shadow-card" data-testid="access-denied">
        <h1 className="text-xl font-bold text-fg">{t('profileEdit.denied.title')}</h1>
        <p className="mt-2 text-fg-muted">{t('profileEdit.loadFailed')}</p>
        <a href={localePath(i18n.locale, '/login')} className="mt-5 inline-block rounded-full bg-accent px-5 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong">
          {t('profileEdit.denied.login')}
        </a>
      </section>
    );
  }
  return (
    <>
      <EditForm key={user.id} user={user} t={t} locale={i18n.locale} />
      <BlockedMembers key={`blocks-${user.id}`} t={t} locale={i18n.locale} />
    </>
  );
}

interface Picked {
  file: File;
  /** a data: URL (the CSP allows data: images, not blob:) */
  preview: string;
}

function readPreview(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function EditForm({ user, t, locale }: { user: CurrentUser; t: EditWords; locale: Locale }) {
  const ids = useId();
  const before: ProfileForm = { username: user.username, fullName: user.full_name, bio: user.bio };
  const [form, setForm] = useState<ProfileForm>(before);
  const [images, setImages] = useState<Partial<Record<ProfileImageField, Picked>>>({});
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const avatarInput = useRef<HTMLInputElement>(null);
  const name = form.fullName.trim() || form.username.trim() || user.username;

  const pick = (field: ProfileImageField) => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const check = checkProfileImage(file, field === 'avatar' ? 'avatar' : 'cover', EDIT_IMAGE_MAX_MB);
    if (check) {
      setImageProblem(check.kind === 'too-large' ? t('profileEdit.imageSize') : t('profileEdit.imageType'));
      return;
    }
    setImageProblem(null);
    const preview = await readPreview(file).catch(() => null);
    if (preview) setImages((now) => ({ ...now, [field]: { file, preview } }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave(form, saving) || saved) return;
    if (!$user.get()) {
      setProblem(t('profileEdit.notLoaded'));
      return;
    }
    const rule = findFormProblem(form);
    if (rule) {
      setProblem(rule === 'username' ? t('profileEdit.usernameRule') : rule === 'bio' ? t('profileEdit.bioRule') : t('profileEdit.saveFailed'));
      return;
    }
    setSaving(true);
    setProblem(null);
    const uploaded: { avatar?: string; cover_photo?: string } = {};
    try {
      for (const field of ['cover_photo', 'avatar'] as const) {
        const picked = images[field];
        if (!picked) continue;
        try {
          uploaded[field] = await uploadProfileImage(picked.file, field, EDIT_IMAGE_MAX_MB);
        } catch (error) {
          const reason = (error instanceof ImageSaveError && error.failure.step !== 'check' && refusalWords(error.failure, t, locale)) || t('profileEdit.updateError');
          setProblem(t('profileEdit.uploadFailed', { reason }));
          return;
        }
      }
      try {
        const answer = await session.call(updateCurrentUser(profilePatch(before, form, uploaded)));
        $user.set(answer.user);
        setSaved(true);
        setTimeout(() => window.location.assign(localePath(locale, profilePath(answer.user.username))), SAVED_REDIRECT_MS);
      } catch (error) {
        const failure = saveFailure(error);
        setProblem(
          failure.kind === 'detail'
            ? // a username or image rule in the form's own words in other languages; the server's words in English
              failure.username && locale !== 'en'
              ? t(`profileEdit.usernameProblems.${failure.username}`)
              : (refusalWords({ detail: failure.detail }, t, locale) ?? t('profileEdit.saveFailed'))
            : failure.kind === 'failed'
              ? t('profileEdit.saveFailed')
              : t('profileEdit.unexpected'),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const set = (key: keyof ProfileForm) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setForm((now) => ({ ...now, [key]: event.target.value }));
    setProblem(null);
  };
  const cover = images.cover_photo?.preview ?? user.cover_photo;
  const avatar = images.avatar?.preview ?? user.avatar;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mx-auto max-w-2xl overflow-hidden rounded-2xl border border-line bg-surface shadow-card" data-testid="edit-profile">
      <h1 className="px-5 pt-5 text-2xl font-bold tracking-tight text-fg sm:px-6">{t('profileEdit.title')}</h1>
      <div className="mt-4 space-y-5 px-5 pb-6 sm:px-6">
        {saved && (
          <Alert tone="success" testId="profile-saved">
            {t('profileEdit.saved')}
          </Alert>
        )}
        {problem && (
          <Alert tone="error" testId="profile-save-error">
            {problem}
          </Alert>
        )}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-fg">{t('profileEdit.cover')}</legend>
          <div className="relative h-28 overflow-hidden rounded-xl bg-linear-to-r from-violet-700 via-fuchsia-600 to-rose-500 sm:h-36">
            {cover && <img src={cover} alt="" data-fallback="" className="size-full object-cover" data-cover-preview />}
            <button
              type="button"
              onClick={() => coverInput.current?.click()}
              className="absolute right-2 bottom-2 rounded-full bg-slate-900/75 px-3 py-1.5 text-xs font-semibold text-white hover:bg-slate-900/90"
            >
              {t('profileEdit.chooseCover')}
            </button>
            <input ref={coverInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-label={t('profileEdit.cover')} onChange={(e) => void pick('cover_photo')(e)} data-image-input="cover_photo" />
          </div>
        </fieldset>
        <fieldset className="flex items-center gap-4">
          <legend className="sr-only">{t('profileEdit.avatar')}</legend>
          <img
            src={avatar || initialsAvatar(name)}
            data-fallback={initialsAvatar(name)}
            alt=""
            width={80}
            height={80}
            className="size-20 shrink-0 rounded-full bg-violet-600 object-cover"
            data-avatar-preview
          />
          <div>
            <p className="text-sm font-medium text-fg" aria-hidden="true">
              {t('profileEdit.avatar')}
            </p>
            <button
              type="button"
              onClick={() => avatarInput.current?.click()}
              className="mt-1 rounded-full border border-line-strong px-3 py-1.5 text-xs font-semibold text-fg hover:bg-surface-subtle"
            >
              {t('profileEdit.chooseAvatar')}
            </button>
            <input ref={avatarInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-label={t('profileEdit.avatar')} onChange={(e) => void pick('avatar')(e)} data-image-input="avatar" />
            <p className="mt-1 text-xs text-fg-muted">{t('profileEdit.imageHint')}</p>
          </div>
        </fieldset>
        {imageProblem && (
          <p role="alert" className="text-sm text-danger" data-testid="image-problem">
            {imageProblem}
          </p>
        )}
        <div>
          <label htmlFor={`${ids}-username`} className="mb-1 block text-sm font-medium text-fg">
            {t('profileEdit.username')}
          </label>
          <input
            id={`${ids}-username`}
            name="username"
            required
            autoComplete="username"
            maxLength={USERNAME_MAX_LENGTH}
            aria-describedby={`${ids}-username-hint`}
            value={form.username}
            onChange={set('username')}
            className={fieldClass}
          />
          <p id={`${ids}-username-hint`} className="mt-1 text-xs text-fg-muted">
            {t('profileEdit.usernameHint')}
          </p>
        </div>
        <div>
          <label htmlFor={`${ids}-name`} className="mb-1 block text-sm font-medium text-fg">
            {t('profileEdit.fullName')}
          </label>
          <input id={`${ids}-name`} name="full_name" autoComplete="name" maxLength={FULL_NAME_MAX_LENGTH} value={form.fullName} onChange={set('fullName')} className={fieldClass} />
        </div>
        <div>
          <label htmlFor={`${ids}-bio`} className="mb-1 block text-sm font-medium text-fg">
            {t('profileEdit.bio')}
          </label>
          <textarea
            id={`${ids}-bio`}
            name="bio"
            rows={4}
            maxLength={BIO_MAX_LENGTH}
            aria-describedby={`${ids}-bio-count`}
            value={form.bio}
            onChange={set('bio')}
            className={fieldClass}
          />
          <p id={`${ids}-bio-count`} className="mt-1 text-right text-xs text-fg-muted tabular-nums" data-testid="bio-count">
            {t('profileEdit.bioCount', { count: String(form.bio.length), max: String(BIO_MAX_LENGTH) })}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
          <a
            href={localePath(locale, profilePath(user.username))}
            className="rounded-lg border border-line-strong px-4 py-2.5 text-center font-semibold text-fg hover:bg-surface-subtle"
          >
            {t('profileEdit.cancel')}
          </a>
          <button
            type="submit"
            disabled={!canSave(form, saving) || saved}
            className="rounded-lg bg-accent px-5 py-2.5 font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
          >
            {saving ? t('profileEdit.saving') : t('profileEdit.save')}
          </button>
        </div>
      </div>
    </form>
  );
}

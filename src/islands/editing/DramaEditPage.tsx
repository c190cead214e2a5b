import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { loginUrlFor, rememberNext } from '../../lib/accounts/auth-redirect.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import { editDrama, getDramaToEdit, getEditOptions, suggestDramaEdit } from '../../lib/api/operations/editing.ts';
import type { Drama } from '../../lib/api/wire/index.ts';
import {
  DRAMA_TYPES,
  dramaChanges,
  dramaForm,
  dramaFormProblem,
  EDIT_SUCCESS_CLOSE_MS,
  PAGE_STATUSES,
  submitFailure,
  type DramaForm,
  type FormProblem,
} from '../../lib/catalogue-editing/edit-forms.ts';
import { canEditCatalogue } from '../../lib/users/permissions.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { session } from '../shared/data-layer/session.ts';
import { Alert, Spinner } from '../shared/form-ui.tsx';
import type { Words } from '../shared/words.tsx';
import { readPreview, uploadCatalogueImage } from './catalogue-images.ts';
import { ChipInput } from './ChipInput.tsx';
import { Lockable, Select, TextArea, TextField } from './form-fields.tsx';
import { failureWords, problemWords } from './edit-words.ts';
import { useFieldLocks } from './use-field-locks.ts';
import { usePendingEdits } from './use-pending-edits.ts';

type EditWords = Words<'catalogueEditing'>;
type Locale = IslandMessages<'catalogueEditing'>['locale'];

/** Which label names a field in a problem's message. */
const FIELD_LABEL: Record<keyof DramaForm, Parameters<EditWords>[0]> = {
  title: 'catalogueEditing.fields.title',
  native_title: 'catalogueEditing.fields.nativeTitle',
  synopsis: 'catalogueEditing.fields.synopsis',
  country: 'catalogueEditing.fields.country',
  network: 'catalogueEditing.fields.network',
  genres: 'catalogueEditing.fields.genres',
  tags: 'catalogueEditing.fields.tags',
  also_known_as: 'catalogueEditing.fields.alsoKnownAs',
  status: 'catalogueEditing.fields.status',
  type: 'catalogueEditing.fields.type',
  episodes: 'catalogueEditing.fields.episodes',
  aired_start: 'catalogueEditing.fields.airedStart',
  aired_end: 'catalogueEditing.fields.airedEnd',
  banner_image: 'catalogueEditing.sections.banner',
  source_note: 'catalogueEditing.fields.sourceNote',
};

/** The load failure's message (spec 2 §8 "Drama edit load"). */
function loadWords(error: unknown, t: EditWords): string {
  if (error instanceof ApiClientError) {
    if (error.status === 404) return t('catalogueEditing.load.notFound');
    if (error.status === 500) return t('catalogueEditing.load.serverError');
    if (error.status === 0) return t('catalogueEditing.load.connection');
    return t('catalogueEditing.load.status', { status: String(error.status) });
  }
  return t('catalogueEditing.load.unknown');
}

interface Props {
  dramaId: number;
  i18n: IslandMessages<'catalogueEditing'>;
}

/**
 * /drama/{id}/edit (spec 2 §2 "Drama edit page"), signed in: 'Editing: {title}', the members' note
 * that a moderator or an admin approves suggestions, the form, and 'Apply Changes' (mods and admins:
 * PUT /dramas/{id}) or 'Submit for Review' (members: POST /dramas/{id}/edit-suggestions). Only the
 * changed fields are sent. After a success, or Cancel, back to /drama/{id}. A visitor is sent to sign
 * in (and comes back here). Per member, so not pre-rendered.
 */
export default function DramaEditPage({ dramaId, i18n }: Props) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const { state, user } = useAuth();
  const [drama, setDrama] = useState<Drama | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const dramaHref = localePath(locale, `/drama/${dramaId}`);

  useEffect(() => {
    if (state !== 'signed-out') return;
    const here = window.location.pathname + window.location.search;
    rememberNext(here);
    window.location.replace(localePath(locale, loginUrlFor(here)));
  }, [state]);

  useEffect(() => {
    if (state !== 'signed-in') return;
    const controller = new AbortController();
    session.call(getDramaToEdit(dramaId), controller.signal).then(setDrama, (error) => {
      if (!controller.signal.aborted) setLoadError(loadWords(error, t));
    });
    return () => controller.abort();
  }, [state, dramaId]);

  if (state === 'loading') return <Spinner label={t('catalogueEditing.page.checking')} />;
  if (state === 'signed-out' || !user) {
    return (
      <Panel testId="edit-sign-in">
        <p className="text-fg-muted">{t('catalogueEditing.page.signIn')}</p>
        <div className="mt-5 flex justify-center">
          <a href={localePath(locale, loginUrlFor(`/drama/${dramaId}/edit`))} className={primaryButton}>
            {t('catalogueEditing.page.signInLink')}
          </a>
        </div>
      </Panel>
    );
  }
  if (loadError) {
    return (
      <Panel testId="edit-load-error">
        <p role="alert" className="text-danger">
          {loadError}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <a href={dramaHref} className={secondaryButton}>
            {t('catalogueEditing.page.backToDrama')}
          </a>
          <a href={localePath(locale, '/')} className={primaryButton}>
            {t('catalogueEditing.page.backToHome')}
          </a>
        </div>
      </Panel>
    );
  }
  if (!drama) return <Spinner label={t('catalogueEditing.page.loading')} />;
  return <EditForm drama={drama} staff={canEditCatalogue(user)} dramaHref={dramaHref} t={t} locale={locale} />;
}

const primaryButton =
  'inline-flex items-center justify-center rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60';
const secondaryButton =
  'inline-flex items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle';

function Panel({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-line bg-surface p-6 text-center shadow-card" data-testid={testId}>
      {children}
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-line bg-surface p-4 shadow-card sm:p-5">
      <legend className="px-1 text-sm font-semibold tracking-wide text-fg-muted uppercase">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function EditForm({ drama, staff, dramaHref, t, locale }: { drama: Drama; staff: boolean; dramaHref: string; t: EditWords; locale: Locale }) {
  const ids = useId();
  const [before] = useState(() => dramaForm(drama));
  const [form, setForm] = useState<DramaForm>(before);
  const [problem, setProblem] = useState<{ field?: keyof DramaForm; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [banner, setBanner] = useState<{ busy: boolean; message: string | null; ok: boolean; preview: string | null }>({ busy: false, message: null, ok: false, preview: null });
  const [options, setOptions] = useState<{ genres: string[]; tags: string[] }>({ genres: [], tags: [] });
  const pending = usePendingEdits('drama', drama.id);
  /** fields mods locked against suggestions: greyed for members (staff still edit them) */
  const [locked, lockedSince] = useFieldLocks('drama', drama.id, !staff);
  const bannerInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    session.call(getEditOptions(), controller.signal).then(
      (o) => setOptions({ genres: o.genres.map((g) => g.name), tags: o.tags.map((g) => g.name) }),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!done) return;
    const wait = setTimeout(() => window.location.assign(dramaHref), EDIT_SUCCESS_CLOSE_MS);
    return () => clearTimeout(wait);
  }, [done]);

  const set = <K extends keyof DramaForm>(key: K) => (value: DramaForm[K]) => {
    setForm((now) => ({ ...now, [key]: value }));
    if (problem?.field === key) setProblem(null);
  };

  const pickBanner = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBanner((b) => ({ ...b, busy: true, message: null }));
    const [url, preview] = await Promise.all([uploadCatalogueImage(file, 'drama_banner'), readPreview(file)]);
    if (url) {
      setForm((now) => ({ ...now, banner_image: url }));
      setBanner({ busy: false, ok: true, message: t('catalogueEditing.banner.uploaded'), preview });
    } else setBanner((b) => ({ ...b, busy: false, ok: false, message: t('catalogueEditing.banner.failed') }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || done) return;
    const found = dramaFormProblem(form);
    if (found) {
      setProblem({ field: found.field, message: problemWords(found, t(FIELD_LABEL[found.field]), t) });
      document.getElementById(`${ids}-${found.field}`)?.querySelector<HTMLElement>('input, select, textarea')?.focus();
      return;
    }
    const body = dramaChanges(before, form, !staff);
    if (Object.keys(body).filter((k) => k !== 'source_note').length === 0) {
      setProblem({ message: t('catalogueEditing.page.noChanges') });
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      if (staff) await session.call(editDrama(drama.id, body));
      else await session.call(suggestDramaEdit(drama.id, body));
      setDone(staff ? t('catalogueEditing.page.applied') : t('catalogueEditing.page.suggested'));
    } catch (error) {
      const field = error instanceof ApiClientError && error.field && error.field in before ? (error.field as keyof DramaForm) : undefined;
      const lockedNow = error instanceof ApiClientError && error.conflict?.reason === 'locked' ? error.conflict.fields.filter((f) => f in before) : [];
      if (lockedNow.length > 0) {
        // locked by a mod since the page was read (409 `fields`, `reason`): said in the page's words, the fields greyed
        lockedSince(lockedNow);
        const fields = lockedNow.map((f) => t(FIELD_LABEL[f as keyof DramaForm])).join(', ');
        setProblem({ field, message: t('catalogueEditing.problems.lockedFields', { fields }) });
      } else setProblem({ field, message: failureWords(error, t, locale) });
    } finally {
      setSaving(false);
    }
  };

  const invalid = (key: keyof DramaForm) => problem?.field === key;
  const wrap = (key: keyof DramaForm, node: ReactNode, wide = false) => (
    <Lockable id={`${ids}-${key}`} locked={locked.has(key)} note={t('catalogueEditing.page.locked')} wide={wide}>
      {node}
    </Lockable>
  );
  const bannerSrc = banner.preview ?? (form.banner_image && form.banner_image === before.banner_image ? form.banner_image : null);

  return (
    <form noValidate onSubmit={submit} className="mx-auto max-w-3xl space-y-6" data-testid="drama-edit-form">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{t('catalogueEditing.page.heading', { title: drama.title })}</h1>
        <p className={`mt-3 rounded-lg border px-4 py-3 text-sm ${staff ? 'border-line bg-surface-subtle text-fg-muted' : 'border-accent-muted bg-accent-soft text-accent-strong'}`} data-testid="edit-note">
          {staff ? t('catalogueEditing.page.staffNote') : t('catalogueEditing.page.memberNote')}
        </p>
        {pending > 0 && (
          <p className="mt-2 text-sm text-fg-muted" data-testid="edit-pending">
            {t('catalogueEditing.page.pending', { count: pending })}
          </p>
        )}
      </header>

      <Section title={t('catalogueEditing.sections.basics')}>
        {wrap('title', <TextField name="title" label={t('catalogueEditing.fields.title')} value={form.title} onChange={set('title')} required invalid={invalid('title')} />, true)}
        {wrap('native_title', <TextField name="native_title" label={t('catalogueEditing.fields.nativeTitle')} value={form.native_title} onChange={set('native_title')} />)}
        {wrap('country', <TextField name="country" label={t('catalogueEditing.fields.country')} value={form.country} onChange={set('country')} invalid={invalid('country')} />)}
        {wrap(
          'type',
          <Select
            name="type"
            label={t('catalogueEditing.fields.type')}
            value={form.type}
            onChange={(v) => set('type')(v as DramaForm['type'])}
            options={DRAMA_TYPES.map((v) => [v, t(`catalogueEditing.types.${v}`)])}
            placeholder={form.type ? undefined : t('catalogueEditing.fields.notSet')}
          />,
        )}
        {wrap('network', <TextField name="network" label={t('catalogueEditing.fields.network')} value={form.network} onChange={set('network')} invalid={invalid('network')} />)}
        {wrap(
          'synopsis',
          <TextArea name="synopsis" label={t('catalogueEditing.fields.synopsis')} value={form.synopsis} onChange={set('synopsis')} invalid={invalid('synopsis')} />,
          true,
        )}
      </Section>

      <Section title={t('catalogueEditing.sections.airing')}>
        {wrap(
          'status',
          <Select
            name="status"
            label={t('catalogueEditing.fields.status')}
            value={form.status}
            onChange={(v) => set('status')(v as DramaForm['status'])}
            options={PAGE_STATUSES.map((v) => [v, t(`catalogueEditing.statuses.${v}`)])}
            placeholder={form.status ? undefined : t('catalogueEditing.fields.notSet')}
          />,
        )}
        {wrap('episodes', <TextField name="episodes" type="number" min={0} label={t('catalogueEditing.fields.episodes')} value={form.episodes} onChange={set('episodes')} invalid={invalid('episodes')} />)}
        {wrap('aired_start', <TextField name="aired_start" type="date" label={t('catalogueEditing.fields.airedStart')} value={form.aired_start} onChange={set('aired_start')} invalid={invalid('aired_start')} />)}
        {wrap('aired_end', <TextField name="aired_end" type="date" label={t('catalogueEditing.fields.airedEnd')} value={form.aired_end} onChange={set('aired_end')} invalid={invalid('aired_end')} />)}
      </Section>

      <Section title={t('catalogueEditing.sections.lists')}>
        {(['genres', 'tags', 'also_known_as'] as const).map((key) =>
          wrap(
            key,
            <ChipInput
              name={key}
              label={t(FIELD_LABEL[key])}
              hint={t('catalogueEditing.fields.listHint')}
              items={form[key]}
              onChange={set(key)}
              removeLabel={(item) => t('catalogueEditing.fields.remove', { item })}
              invalid={invalid(key)}
              suggestions={key === 'genres' ? options.genres : key === 'tags' ? options.tags : undefined}
            />,
            true,
          ),
        )}
      </Section>

      <Section title={t('catalogueEditing.sections.banner')}>
        {wrap(
          'banner_image',
          <>
            <div className="flex aspect-[3/1] items-center justify-center overflow-hidden rounded-lg bg-surface-strong text-sm text-fg-muted" data-testid="banner-preview">
              {bannerSrc ? <img src={bannerSrc} alt={t('catalogueEditing.banner.preview')} className="size-full object-cover" /> : t('catalogueEditing.banner.none')}
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <input ref={bannerInput} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void pickBanner(e)} data-banner-input />
              <button type="button" onClick={() => bannerInput.current?.click()} disabled={banner.busy} className={secondaryButton}>
                {banner.busy ? t('catalogueEditing.banner.uploading') : form.banner_image ? t('catalogueEditing.banner.replace') : t('catalogueEditing.banner.choose')}
              </button>
              {form.banner_image && (
                <button
                  type="button"
                  onClick={() => {
                    setForm((now) => ({ ...now, banner_image: null }));
                    setBanner({ busy: false, ok: false, message: null, preview: null });
                  }}
                  className="text-sm font-medium text-fg-muted underline underline-offset-2 hover:text-fg"
                >
                  {t('catalogueEditing.banner.remove')}
                </button>
              )}
              <span className="text-xs text-fg-muted">{t('catalogueEditing.banner.hint')}</span>
            </div>
            {banner.message && (
              <p role={banner.ok ? 'status' : 'alert'} className={`mt-2 text-sm font-medium ${banner.ok ? 'text-success' : 'text-danger'}`} data-testid="banner-message">
                {banner.message}
              </p>
            )}
          </>,
          true,
        )}
      </Section>

      {!staff && (
        <Section title={t('catalogueEditing.sections.source')}>
          {wrap(
            'source_note',
            <TextArea
              name="source_note"
              rows={2}
              label={t('catalogueEditing.fields.sourceNote')}
              hint={t('catalogueEditing.fields.sourceHint')}
              value={form.source_note}
              onChange={set('source_note')}
              invalid={invalid('source_note')}
            />,
            true,
          )}
        </Section>
      )}

      <div aria-live="polite">
        {problem && (
          <Alert tone="error" testId="edit-problem">
            {problem.message}
          </Alert>
        )}
        {done && (
          <Alert tone="success" testId="edit-done">
            {done} <span className="block text-xs opacity-80">{t('catalogueEditing.page.returning')}</span>
          </Alert>
        )}
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <a href={dramaHref} className={secondaryButton}>
          {t('catalogueEditing.page.cancel')}
        </a>
        <button type="submit" disabled={saving || !!done || banner.busy} className={primaryButton} data-testid="edit-submit">
          {saving ? (staff ? t('catalogueEditing.page.applying') : t('catalogueEditing.page.submitting')) : staff ? t('catalogueEditing.page.apply') : t('catalogueEditing.page.submit')}
        </button>
      </div>
    </form>
  );
}


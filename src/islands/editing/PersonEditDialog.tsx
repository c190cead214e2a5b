import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import { editPerson, getPersonToEdit, suggestPersonEdit } from '../../lib/api/operations/editing.ts';
import type { Person } from '../../lib/api/wire/index.ts';
import { EDIT_SUCCESS_CLOSE_MS, PERSON_GENDERS, personChanges, personForm, personFormProblem, submitFailure, type FormProblem, type PersonForm } from '../../lib/catalogue-editing/edit-forms.ts';
import { canEditCatalogue } from '../../lib/users/permissions.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { session } from '../shared/data-layer/session.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import type { Words } from '../shared/words.tsx';
import { readPreview, uploadCatalogueImage } from './catalogue-images.ts';
import { ChipInput } from './ChipInput.tsx';
import { Lockable, Select, TextArea, TextField } from './form-fields.tsx';
import { useFieldLocks } from './use-field-locks.ts';

type EditWords = Words<'personEdit'>;

const FIELD_LABEL: Record<keyof PersonForm, Parameters<EditWords>[0]> = {
  name: 'personEdit.fields.name',
  native_name: 'personEdit.fields.nativeName',
  biography: 'personEdit.fields.biography',
  gender: 'personEdit.fields.gender',
  nationality: 'personEdit.fields.nationality',
  date_of_birth: 'personEdit.fields.dateOfBirth',
  image: 'personEdit.fields.image',
  also_known_as: 'personEdit.fields.alsoKnownAs',
  source_note: 'personEdit.fields.sourceNote',
};

/** A form problem's words, `label` naming the field (person edit's checks: required, too long, a date, too many). */
function problemWords(problem: FormProblem, label: string, t: EditWords): string {
  if (problem.problem === 'required' || problem.problem === 'tooLong' || problem.problem === 'date' || problem.problem === 'tooMany') return t(`personEdit.problems.${problem.problem}`, { field: label });
  return t('personEdit.problems.failed');
}

/** A failed write (spec 2 §8): the server's detail (English) as is on an English page only, else 'Failed to submit edit'. */
function failureWords(error: unknown, t: EditWords, locale: Locale): string {
  const failure = submitFailure(error instanceof ApiClientError ? error : null);
  if ('detail' in failure) return locale === 'en' ? failure.detail : t('personEdit.problems.failed');
  return t(`personEdit.problems.${failure.key}`);
}

interface Props {
  personId: number;
  t: EditWords;
  locale: Locale;
  onClose(): void;
}

/**
 * Person edit (spec 2 "Person edit", §3, §5, §8): any signed-in member; mods and admins update at
 * once (PUT /people/{id}: 'Person updated successfully'), others suggest (POST
 * /people/{id}/edit-suggestions: 'Edit suggestion submitted for review'); a failure shows the
 * server's detail or 'Failed to submit edit'. Name required; gender Male, Female or Other; the birth
 * date; also-known-as trimmed, empties dropped; the image through the upload flow ('Image uploaded
 * successfully' / 'Failed to upload image'). Only the changed fields are sent; it closes 2 s after a
 * success, and an applied name shows on the page at once.
 */
export default function PersonEditDialog({ personId, t, locale, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { user } = useAuth();
  const staff = canEditCatalogue(user);
  /** fields mods locked against suggestions: greyed for members (staff still edit them), as on the drama edit page */
  const [locked, lockedSince] = useFieldLocks('person', personId, !staff);
  const [person, setPerson] = useState<Person | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [before, setBefore] = useState<PersonForm | null>(null);
  const [form, setForm] = useState<PersonForm | null>(null);
  const [problem, setProblem] = useState<{ field?: keyof PersonForm; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [image, setImage] = useState<{ busy: boolean; ok: boolean; message: string | null; preview: string | null }>({ busy: false, ok: false, message: null, preview: null });
  const imageInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    session.call(getPersonToEdit(personId), controller.signal).then(
      (p) => {
        const values = personForm(p);
        setPerson(p);
        setBefore(values);
        setForm(values);
      },
      () => !controller.signal.aborted && setLoadFailed(true),
    );
    return () => controller.abort();
  }, [personId]);

  useEffect(() => {
    if (!done) return;
    const wait = setTimeout(() => dialog.current?.close(), EDIT_SUCCESS_CLOSE_MS);
    return () => clearTimeout(wait);
  }, [done]);

  const set = <K extends keyof PersonForm>(key: K) => (value: PersonForm[K]) => {
    setForm((now) => (now ? { ...now, [key]: value } : now));
    if (problem) setProblem(null);
  };

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImage((i) => ({ ...i, busy: true, message: null }));
    const [url, preview] = await Promise.all([uploadCatalogueImage(file, 'person_image'), readPreview(file)]);
    if (url) {
      setForm((now) => (now ? { ...now, image: url } : now));
      setImage({ busy: false, ok: true, message: t('personEdit.image.uploaded'), preview });
    } else setImage((i) => ({ ...i, busy: false, ok: false, message: t('personEdit.image.failed') }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || !before || saving || done) return;
    const found = personFormProblem(form);
    if (found) {
      setProblem({ field: found.field, message: problemWords(found, t(FIELD_LABEL[found.field]), t) });
      return;
    }
    const body = personChanges(before, form, !staff);
    if (Object.keys(body).filter((k) => k !== 'source_note').length === 0) {
      setProblem({ message: t('personEdit.problems.noChanges') });
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      if (staff) {
        const answer = await session.call(editPerson(personId, body));
        const name = answer?.person?.name ?? body.name;
        const heading = document.getElementById('person-name');
        if (name && heading) heading.textContent = name;
        setDone(t('personEdit.applied'));
      } else {
        await session.call(suggestPersonEdit(personId, body));
        setDone(t('personEdit.suggested'));
      }
    } catch (error) {
      const field = error instanceof ApiClientError && error.field && before && error.field in before ? (error.field as keyof PersonForm) : undefined;
      const lockedNow = error instanceof ApiClientError && error.conflict?.reason === 'locked' && before ? error.conflict.fields.filter((f) => f in before) : [];
      // a field a mod locked (409 `fields`, `reason`): named in the dialog's language, not the server's English, and greyed
      if (lockedNow.length) lockedSince(lockedNow);
      const message = lockedNow.length
        ? t('personEdit.problems.lockedFields', { fields: lockedNow.map((f) => t(FIELD_LABEL[f as keyof PersonForm])).join(', ') })
        : failureWords(error, t, locale);
      setProblem({ field, message });
    } finally {
      setSaving(false);
    }
  };

  const imageSrc = image.preview ?? (form?.image && form.image === before?.image ? form.image : null);
  const invalid = (key: keyof PersonForm) => problem?.field === key;
  const lockable = (key: keyof PersonForm, node: ReactNode, wide = false) => (
    <Lockable locked={locked.has(key)} note={t('personEdit.locked')} wide={wide}>
      {node}
    </Lockable>
  );

  return (
    <ModalDialog
      dialogRef={dialog}
      title={t('personEdit.title')}
      subtitle={person?.name}
      closeLabel={t('personEdit.close')}
      onClose={onClose}
      onSubmit={submit}
      busy={saving}
      testId="person-edit-dialog"
      notice={
        <div aria-live="polite" className="px-5 empty:hidden">
          {problem && (
            <p role="alert" className="mb-3 rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger" data-testid="person-edit-problem">
              {problem.message}
            </p>
          )}
          {done && (
            <p role="status" className="mb-3 rounded-lg border border-success-muted bg-success-soft px-3 py-2 text-sm font-medium text-success" data-testid="person-edit-done">
              {done}
            </p>
          )}
        </div>
      }
      footer={
        <div className="flex justify-end gap-3 border-t border-line px-5 py-4">
          <button type="button" onClick={() => dialog.current?.close()} disabled={saving} className="rounded-full px-4 py-2 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle">
            {t('personEdit.cancel')}
          </button>
          <button
            type="submit"
            disabled={!form || saving || !!done || image.busy}
            className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
            data-testid="person-edit-submit"
          >
            {saving ? t('personEdit.saving') : staff ? t('personEdit.save') : t('personEdit.submit')}
          </button>
        </div>
      }
    >
      {!form ? (
        loadFailed ? (
          <p role="alert" className="text-sm text-danger">
            {t('personEdit.loadFailed')}
          </p>
        ) : (
          <p role="status" className="text-sm text-fg-muted">
            {t('personEdit.loading')}
          </p>
        )
      ) : (
        <>
          {!staff && <p className="rounded-lg border border-accent-muted bg-accent-soft px-3 py-2 text-sm text-accent-strong">{t('personEdit.memberNote')}</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            {lockable(
              'image',
              <div className="flex items-center gap-4">
                <div className="flex h-24 w-18 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-surface-strong text-xs text-fg-muted">
                  {imageSrc && <img src={imageSrc} alt={t('personEdit.image.preview')} className="size-full object-cover" />}
                </div>
                <div className="min-w-0">
                  <span className="block text-sm font-medium text-fg">{t('personEdit.fields.image')}</span>
                  <input ref={imageInput} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void pickImage(e)} data-person-image-input />
                  <button
                    type="button"
                    onClick={() => imageInput.current?.click()}
                    disabled={image.busy}
                    className="mt-1 rounded-full px-4 py-1.5 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle disabled:opacity-60"
                  >
                    {image.busy ? t('personEdit.image.uploading') : t('personEdit.image.choose')}
                  </button>
                  <p className="mt-1 text-xs text-fg-muted">{t('personEdit.image.hint')}</p>
                  {image.message && (
                    <p role={image.ok ? 'status' : 'alert'} className={`mt-1 text-sm font-medium ${image.ok ? 'text-success' : 'text-danger'}`} data-testid="person-image-message">
                      {image.message}
                    </p>
                  )}
                </div>
              </div>,
              true,
            )}
            {lockable('name', <TextField name="name" label={t('personEdit.fields.name')} value={form.name} onChange={set('name')} required invalid={invalid('name')} />, true)}
            {lockable('native_name', <TextField name="native_name" label={t('personEdit.fields.nativeName')} value={form.native_name} onChange={set('native_name')} invalid={invalid('native_name')} />)}
            {lockable(
              'gender',
              <Select
                name="gender"
                label={t('personEdit.fields.gender')}
                value={form.gender}
                onChange={(v) => set('gender')(v as PersonForm['gender'])}
                options={PERSON_GENDERS.map((g) => [g, t(`personEdit.genders.${g}`)])}
                placeholder={t('personEdit.fields.notSet')}
              />,
            )}
            {lockable(
              'nationality',
              <TextField
                name="nationality"
                label={t('personEdit.fields.nationality')}
                hint={t('personEdit.fields.nationalityHint')}
                value={form.nationality}
                onChange={set('nationality')}
                invalid={invalid('nationality')}
              />,
            )}
            {lockable(
              'date_of_birth',
              <TextField name="date_of_birth" type="date" label={t('personEdit.fields.dateOfBirth')} value={form.date_of_birth} onChange={set('date_of_birth')} invalid={invalid('date_of_birth')} />,
            )}
            {lockable(
              'also_known_as',
              <ChipInput
                name="also_known_as"
                label={t('personEdit.fields.alsoKnownAs')}
                hint={t('personEdit.fields.listHint')}
                items={form.also_known_as}
                onChange={set('also_known_as')}
                removeLabel={(item) => t('personEdit.fields.remove', { item })}
                invalid={invalid('also_known_as')}
              />,
              true,
            )}
            {lockable('biography', <TextArea name="biography" label={t('personEdit.fields.biography')} value={form.biography} onChange={set('biography')} invalid={invalid('biography')} />, true)}
            {!staff && (
              <div className="sm:col-span-2">
                <TextArea
                  name="source_note"
                  rows={2}
                  label={t('personEdit.fields.sourceNote')}
                  hint={t('personEdit.fields.sourceHint')}
                  value={form.source_note}
                  onChange={set('source_note')}
                  invalid={invalid('source_note')}
                />
              </div>
            )}
          </div>
        </>
      )}
    </ModalDialog>
  );
}

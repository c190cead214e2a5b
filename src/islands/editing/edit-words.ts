import type { Locale } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import { submitFailure, type FormProblem } from '../../lib/catalogue-editing/edit-forms.ts';
import type { Words } from '../shared/words.tsx';

type EditWords = Words<'catalogueEditing'>;

/** A form problem's words (catalogueEditing.problems), `label` naming the field. */
export function problemWords(problem: FormProblem, label: string, t: EditWords): string {
  if (problem.problem === 'noChanges') return t('catalogueEditing.problems.noChanges');
  if (problem.problem === 'episodesMin') return t('catalogueEditing.problems.episodesMin');
  if (problem.problem === 'episodesMin1') return t('catalogueEditing.problems.episodesMin1');
  if (problem.problem === 'year') return t('catalogueEditing.problems.year');
  if (problem.problem === 'endBeforeStart') return t('catalogueEditing.problems.endBeforeStart');
  return t(`catalogueEditing.problems.${problem.problem}`, { field: label });
}

/** A failed write in the page's words (spec 2 §8); a server's detail is English, so it shows as is on an English page only. */
export function failureWords(error: unknown, t: EditWords, locale: Locale): string {
  const failure = submitFailure(error instanceof ApiClientError ? error : null);
  if ('detail' in failure) return locale === 'en' ? failure.detail : t('catalogueEditing.problems.failed');
  if (failure.key === 'tooManyEdits') return t('catalogueEditing.problems.tooManyEdits');
  return t(`catalogueEditing.problems.${failure.key}`);
}


import { useId, useRef, useState, type FormEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import {
  commitRangeInput,
  yearChoices,
  yearLabel,
  type Choice,
  type PanelOptions,
  type Range,
} from '../../lib/drama-search/drama-filter-options.ts';
import {
  countActiveFilters,
  readSearchState,
  searchHref,
  type DramaSearchState,
  type ScreenDefaults,
} from '../../lib/drama-search/drama-search-query.ts';
import RangeField from './RangeField.tsx';

export type PanelProps = {
  /** where the form goes ('/search/drama', or the embedding page) */
  path: string;
  /** the panel's choices (the year list is derived from the year bounds) */
  options: Omit<PanelOptions, 'years'>;
  state: DramaSearchState;
  defaults: ScreenDefaults;
  /** id of the form (the sort select outside the panel joins it with form=...) */
  formId: string;
  /** id of the results section, marked busy (skeletons) while the next page loads */
  resultsId: string;
  i18n: IslandMessages<'dramaFilters'>;
};

const RANGES = ['year', 'ep', 'rt'] as const;

/** The state the form describes, its range texts committed by the range rules (spec 1 §5). */
function stateFromForm(form: HTMLFormElement, props: PanelProps, ranges: Record<(typeof RANGES)[number], Range>) {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
  for (const key of RANGES) {
    const bounds = props.options.bounds[key];
    const from = commitRangeInput(params.get(`${key}_from`) ?? '', 'from', ranges[key], bounds);
    const both = commitRangeInput(params.get(`${key}_to`) ?? '', 'to', from, bounds);
    params.delete(`${key}_from`);
    params.delete(`${key}_to`);
    params.set(key, `${both[0]},${both[1]}`);
  }
  // applying filters starts again at page 1
  params.delete('page');
  const next = readSearchState(params, { ...props.options, years: [] }, props.defaults);
  // a new search text is ranked best match first, unless the visitor also chose another order
  const { state, defaults } = props;
  const shownSort = state.sortBy ?? (state.q ? null : (defaults.sort ?? 'popularity'));
  if (next.q && next.q !== state.q && next.sortBy === shownSort) next.sortBy = null;
  return next;
}

function CheckboxGroup<V extends string | number>(props: {
  legend: string;
  name: string;
  choices: Choice<V>[];
  selected: V[];
  columns?: boolean;
}) {
  if (props.choices.length === 0) return null;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-fg">{props.legend}</legend>
      <div className={`mt-2 grid gap-x-3 gap-y-1.5 ${props.columns ? 'grid-cols-2' : 'grid-cols-1'}`}>
        {props.choices.map((choice) => (
          <label key={choice.value} className="flex min-w-0 items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              name={props.name}
              value={choice.value}
              defaultChecked={props.selected.includes(choice.value)}
              className="size-4 shrink-0 accent-accent"
            />
            <span className="min-w-0 break-words">{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The drama search's filter panel (spec 1 §2.8): a sidebar on wide screens; on phones a 'Filters'
 * button with the number of active filters opens it. It is a plain GET form first (it works before
 * hydration: the page redirects the plain fields to the canonical address); hydrated, it applies
 * the range rules, goes straight to the canonical address, and shows skeletons meanwhile.
 */
export default function DramaFilterPanel(props: PanelProps) {
  const { path, options, state, defaults, formId, resultsId, i18n } = props;
  const t = islandTranslator(i18n);
  const sides = { from: t('dramaFilters.from'), to: t('dramaFilters.to') };
  const rangeLabels = (key: (typeof RANGES)[number]) => ({
    legend: t(`dramaFilters.ranges.${key}.legend`),
    from: t(`dramaFilters.ranges.${key}.from`),
    to: t(`dramaFilters.ranges.${key}.to`),
    min: t(`dramaFilters.ranges.${key}.min`),
    max: t(`dramaFilters.ranges.${key}.max`),
  });
  const [open, setOpen] = useState(false);
  const [tags, setTags] = useState<number[]>(state.tags);
  const [ranges, setRanges] = useState({ year: state.year, ep: state.ep, rt: state.rt });
  const [count, setCount] = useState(() => countActiveFilters(state, options.bounds));
  const formRef = useRef<HTMLFormElement>(null);
  const yearListId = useId();
  // the first year stands for itself and every later year: 'N+ (Upcoming)'
  const years = yearChoices(new Date(Date.UTC(options.bounds.year.max - 1, 6, 1))).map((y, i) =>
    i === 0 ? { ...y, label: t('dramaFilters.upcoming', { year: String(y.value) }) } : y,
  );
  const yearText = (y: number) => yearLabel(y, new Date(Date.UTC(options.bounds.year.max - 1, 6, 1)));

  const recount = (next = ranges) => {
    if (formRef.current) setCount(countActiveFilters(stateFromForm(formRef.current, props, next), options.bounds));
  };
  const setRange = (key: (typeof RANGES)[number], range: Range) => {
    const next = { ...ranges, [key]: range };
    setRanges(next);
    recount(next);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = stateFromForm(event.currentTarget, props, ranges);
    document.getElementById(resultsId)?.setAttribute('aria-busy', 'true');
    setOpen(false);
    window.location.assign(searchHref(path, next, options.bounds, defaults));
  }

  const tagById = new Map(options.tags.map((t) => [t.value, t.label]));
  const otherTags = options.tags.filter((t) => !tags.includes(t.value));

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-2 rounded-full border border-line-strong bg-surface px-4 py-2 text-sm font-semibold text-fg shadow-sm hover:bg-surface-muted lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4">
          <path d="M3 5h14M6 10h8M8.5 15h3" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
        {t('dramaFilters.filters')}
        {count > 0 && (
          <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-highlight px-1.5 text-xs font-bold text-highlight-fg">
            <span aria-hidden="true" data-filter-count>
              {count}
            </span>
            <span className="sr-only">{t('dramaFilters.activeCount', { count })}</span>
          </span>
        )}
      </button>

      <form
        ref={formRef}
        id={formId}
        action={path}
        method="get"
        role="search"
        aria-label={t('dramaFilters.form')}
        onSubmit={submit}
        onChange={() => recount()}
        className={`${open ? 'block' : 'hidden'} mt-3 space-y-5 rounded-xl border border-line bg-surface p-4 shadow-sm lg:mt-0 lg:block`}
      >
          <label className="block text-sm font-semibold text-fg">
            {t('dramaFilters.title')}
            <input
              type="search"
              name="q"
              defaultValue={state.q}
              maxLength={200}
              placeholder={t('dramaFilters.titlePlaceholder')}
              className="mt-2 h-9 w-full rounded-md border border-line-strong bg-surface px-2.5 text-sm font-normal text-fg placeholder:text-fg-muted focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none"
            />
          </label>

          <CheckboxGroup legend={t('dramaFilters.genres')} name="genre" choices={options.genres} selected={state.genres} columns />

          <fieldset>
            <legend className="text-sm font-semibold text-fg">{t('dramaFilters.tags')}</legend>
            {tags.length > 0 && (
              <div className="mt-2 space-y-1.5">
                {tags.map((id) => (
                  <label key={id} className="flex items-center gap-2 text-sm text-fg">
                    <input type="checkbox" name="tag" value={id} defaultChecked className="size-4 accent-accent" />
                    {tagById.get(id) ?? id}
                  </label>
                ))}
              </div>
            )}
            <label className="mt-2 block text-xs text-fg-muted">
              {t('dramaFilters.addTag')}
              <select
                name="tag"
                value=""
                onChange={(e) => {
                  const id = Number(e.target.value);
                  if (id && !tags.includes(id)) setTags([...tags, id]);
                  // the new checkbox renders after this change event: count once it is there
                  setTimeout(() => recount(), 0);
                }}
                className="mt-1 h-9 w-full rounded-md border border-line-strong bg-surface px-2 text-sm text-fg"
              >
                <option value="">{t('dramaFilters.anyTag')}</option>
                {otherTags.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>

          <CheckboxGroup legend={t('dramaFilters.country')} name="country" choices={options.countries} selected={state.countries} />
          <CheckboxGroup legend={t('dramaFilters.type')} name="type" choices={options.types} selected={state.types} columns />
          {defaults.status && <input type="hidden" name="status" value="" />}
          <CheckboxGroup legend={t('dramaFilters.status')} name="status" choices={options.statuses} selected={state.statuses} columns />

          <RangeField
            name="year"
            labels={rangeLabels('year')}
            sides={sides}
            bounds={options.bounds.year}
            range={ranges.year}
            onChange={(r) => setRange('year', r)}
            format={yearText}
            list={yearListId}
          />
          <datalist id={yearListId}>
            {years.map((y) => (
              <option key={y.value} value={y.value} label={y.label} />
            ))}
          </datalist>
          <RangeField name="ep" labels={rangeLabels('ep')} sides={sides} bounds={options.bounds.ep} range={ranges.ep} onChange={(r) => setRange('ep', r)} />
          <RangeField name="rt" labels={rangeLabels('rt')} sides={sides} bounds={options.bounds.rt} range={ranges.rt} onChange={(r) => setRange('rt', r)} />

          {/* stays in view at the bottom of the screen while the long panel scrolls by */}
          <div className="sticky bottom-0 z-10 -mx-4 -mb-4 flex gap-2 rounded-b-xl border-t border-line bg-surface/95 px-4 py-3">
            <button
              type="submit"
              className="flex-1 rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong"
            >
              {t('dramaFilters.apply')}
            </button>
            <a
              href={path}
              className="rounded-full px-4 py-2 text-sm font-semibold text-accent-strong ring-1 ring-accent-muted hover:bg-accent-soft"
            >
              {t('dramaFilters.reset')}
            </a>
          </div>
      </form>
    </div>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath, switchLocale } from '../../i18n/locales.ts';
import { moveActive, type InstantResult } from '../../lib/navbar-search/search-records.ts';
import { dramaSearchHref } from '../../lib/ui/site.ts';
import { useInstantResults } from './use-instant-results.ts';

interface Option {
  href: string;
  result?: InstantResult;
}

/**
 * The navbar search for dramas and people (spec 1 §2.2), an ARIA 1.2 combobox: as the visitor types,
 * instant results from the Pagefind index in two groups (Dramas, People) and a 'See all results'
 * entry. ArrowDown/ArrowUp move the active option, Enter opens it; Enter with no active option and
 * non-blank text goes to /search/drama?q={text} and clears the box; blank text does nothing. Escape
 * closes the list, a second Escape clears the box; leaving the box closes the list.
 * Before hydration (or without an index) the plain form submits to the same page.
 */
export default function SearchBox({ i18n }: { i18n: IslandMessages<'searchBox'> }) {
  const t = islandTranslator(i18n);
  const to = (path: string) => localePath(i18n.locale, path);
  // a result's page in this language (an index per language already links there)
  const pageOf = (result: InstantResult) => switchLocale(result.href, i18n.locale);
  const [text, setText] = useState('');
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const results = useInstantResults(text, wanted);
  const id = useId();
  const listboxId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const listbox = useRef<HTMLDivElement>(null);

  const term = text.trim();
  const shown = results.available && open && term !== '' && results.query !== '';
  const options: Option[] = shown
    ? [...results.dramas, ...results.people].map((result) => ({ href: pageOf(result), result }))
    : [];
  const searchHref = dramaSearchHref(text);
  const seeAllHref = searchHref && to(searchHref);
  if (shown && seeAllHref) options.push({ href: seeAllHref });
  const found = results.dramas.length + results.people.length;

  // a new answer (or a closed list) starts again with no active option
  useEffect(() => setActive(-1), [results.dramas, results.people, shown]);
  useEffect(() => {
    if (active >= 0) listbox.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: 'nearest' });
  });

  function go(href: string) {
    setText('');
    setOpen(false);
    window.location.assign(href);
  }

  /** A click on an option follows its link; a plain click also empties the box behind it. */
  function chose(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    setText('');
    setOpen(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (seeAllHref) go(seeAllHref);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // keys that confirm or cancel an input method's composition (Korean, Chinese, Japanese) are its own
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive(moveActive(active, options.length, event.key === 'ArrowDown' ? 1 : -1));
        break;
      case 'Enter':
        if (active >= 0 && options[active]) {
          event.preventDefault();
          go(options[active].href);
        }
        break;
      case 'Escape':
        // handled here: the mobile menu must not close too
        if (shown) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        } else if (text) {
          event.preventDefault();
          event.stopPropagation();
          setText('');
        }
        break;
    }
  }

  const group = (name: 'dramas' | 'people', items: InstantResult[], offset: number) =>
    items.length > 0 && (
      <div role="group" aria-labelledby={`${id}-${name}`} className="py-1">
        <div id={`${id}-${name}`} role="presentation" className="px-4 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
          {t(`searchBox.${name}`)}
        </div>
        {items.map((result, k) => (
          <ResultOption
            key={result.href}
            id={optionId(offset + k)}
            result={result}
            href={pageOf(result)}
            active={active === offset + k}
            onClick={chose}
          />
        ))}
      </div>
    );

  return (
    <form
      role="search"
      action={to('/search/drama')}
      method="get"
      onSubmit={submit}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      className="relative"
    >
      <label className="flex h-10 items-center gap-2 rounded-full border border-line-strong bg-surface pr-1 pl-3.5 text-fg-muted focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30">
        <span className="sr-only">{t('searchBox.label')}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4 shrink-0">
          <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
          <path d="m13.5 13.5 3.5 3.5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
        <input
          type="text"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listboxId}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setWanted(true);
            setOpen(true);
          }}
          onFocus={() => {
            setWanted(true);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('searchBox.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          className="h-full w-full min-w-0 bg-transparent text-sm text-ellipsis text-fg placeholder:text-fg-muted focus:outline-none"
        />
      </label>
      <div
        ref={listbox}
        id={listboxId}
        role="listbox"
        aria-label={t('searchBox.results')}
        hidden={!shown}
        // keeps the focus in the box while an option is clicked
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-[min(40rem,calc(100dvh-6rem))] overflow-y-auto overscroll-contain rounded-xl border border-line bg-surface shadow-xl md:right-auto md:w-[max(100%,22rem)]"
      >
        {shown && (
          <>
            {group('dramas', results.dramas, 0)}
            {group('people', results.people, results.dramas.length)}
            {found === 0 && (
              <div role="presentation" className="px-4 py-2 text-sm text-fg-muted">
                {t('searchBox.noMatch', { query: results.query })}
              </div>
            )}
            {seeAllHref && (
              <a
                id={optionId(options.length - 1)}
                role="option"
                aria-selected={active === options.length - 1}
                href={seeAllHref}
                tabIndex={-1}
                onClick={chose}
                className="sticky bottom-0 mt-1 block truncate border-t border-line bg-surface px-4 py-2.5 text-sm font-medium text-accent hover:bg-surface-muted aria-selected:bg-accent-soft aria-selected:text-accent-strong aria-selected:shadow-[inset_3px_0_0_var(--color-accent)]"
              >
                {t('searchBox.seeAll', { term })}
              </a>
            )}
          </>
        )}
      </div>
      <p role="status" className="sr-only">
        {shown ? (found === 0 ? t('searchBox.noneFound') : t('searchBox.found', { count: found })) : ''}
      </p>
    </form>
  );
}

interface ResultOptionProps {
  id: string;
  result: InstantResult;
  /** the result's page in this language */
  href: string;
  active: boolean;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

function ResultOption({ id, result, href, active, onClick }: ResultOptionProps) {
  const person = result.group === 'person';
  const imageClass = person ? 'size-10 rounded-full' : 'h-12 w-8 rounded';
  return (
    <a
      id={id}
      role="option"
      aria-selected={active}
      href={href}
      tabIndex={-1}
      onClick={onClick}
      className="flex scroll-mb-12 items-center gap-3 px-4 py-1.5 hover:bg-surface-muted aria-selected:bg-accent-soft aria-selected:shadow-[inset_3px_0_0_var(--color-accent)]"
    >
      {result.image ? (
        <img
          src={result.image}
          alt=""
          width={person ? 40 : 32}
          height={person ? 40 : 48}
          loading="lazy"
          decoding="async"
          className={`${imageClass} shrink-0 bg-surface-strong object-cover`}
        />
      ) : (
        <span aria-hidden="true" className={`${imageClass} flex shrink-0 items-center justify-center bg-surface-strong text-xs font-semibold text-fg-muted`}>
          {result.title.charAt(0)}
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-fg">{result.title}</span>
        <span className="block truncate text-xs text-fg-muted">{result.subtitle}</span>
      </span>
    </a>
  );
}

import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { parseCommaList } from '../../lib/catalogue-editing/edit-fields.ts';


interface Props {
  label: string;
  hint: string;
  items: string[];
  onChange(items: string[]): void;
  /** 'Remove {item}' */
  removeLabel(item: string): string;
  invalid?: boolean;
  name: string;
  /** suggestions offered while typing (a datalist) */
  suggestions?: readonly string[];
}

/**
 * A list typed as chips (spec 2 §5's comma lists): Enter or a comma adds what was typed, a pasted
 * "a, b, c" adds each, Backspace in an empty box removes the last chip, each chip has its own remove
 * button; items are trimmed, empties and repeats (any case) dropped. What is left typed joins the
 * list when the box loses the focus (so a submit takes it).
 */
export function ChipInput({ label, hint, items, onChange, removeLabel, invalid, name, suggestions }: Props) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = (text: string) => {
    const next = parseCommaList([...items, ...parseCommaList(text)].join(','));
    if (next.length !== items.length) onChange(next);
    setDraft('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (draft.trim()) add(draft);
    } else if (event.key === 'Backspace' && !draft && items.length > 0) {
      onChange(items.slice(0, -1));
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!text.includes(',')) return;
    event.preventDefault();
    add(draft + text);
  };
  return (
    <div data-chip-input={name}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
      </label>
      <div className={`flex flex-wrap items-center gap-1.5 rounded-lg border bg-surface px-2 py-1.5 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent-muted has-disabled:cursor-not-allowed has-disabled:bg-surface-subtle ${invalid ? 'border-danger' : 'border-line-strong'}`}>
        {items.length > 0 && (
          <ul className="contents" aria-label={label}>
            {items.map((item) => (
              <li key={item} className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-2.5 text-sm text-accent-strong ring-1 ring-accent-muted" data-chip>
                <span className="truncate">{item}</span>
                <button
                  type="button"
                  onClick={() => onChange(items.filter((i) => i !== item))}
                  aria-label={removeLabel(item)}
                  className="rounded-full p-0.5 hover:bg-accent-muted"
                >
                  <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" className="size-3.5">
                    <path d="M5 5l10 10M15 5L5 15" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          value={draft}
          onChange={(e) => {
            const value = e.target.value;
            if (value.includes(',')) add(value);
            else setDraft(value);
          }}
          onKeyDown={onKey}
          onPaste={onPaste}
          onBlur={() => draft.trim() && add(draft)}
          aria-describedby={`${id}-hint`}
          aria-invalid={invalid || undefined}
          list={suggestions ? `${id}-list` : undefined}
          className="min-w-32 flex-1 bg-transparent px-1 py-1 text-fg placeholder:text-fg-faint focus:outline-none"
        />
        {suggestions && (
          <datalist id={`${id}-list`}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
        {hint}
      </p>
    </div>
  );
}

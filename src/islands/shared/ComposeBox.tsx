import { useId, type FormEvent, type ReactNode } from 'react';

export interface ComposeBoxProps {
  /** the textarea's accessible name (visually hidden) */
  label: string;
  placeholder?: string;
  rows: number;
  autoFocus?: boolean;
  content: string;
  onContent(content: string): void;
  /** the counter's words ('12/1000 characters', '12/500') and whether it is past its number */
  counter: string;
  over: boolean;
  /** past the number: a limit the box enforces (danger), or only advice (the comments' 1000) */
  overTone: 'limit' | 'advisory';
  spoiler: boolean;
  onSpoiler(spoiler: boolean): void;
  spoilerLabel: string;
  spoilerHint: string;
  /** more controls beside the spoiler flag (the feed's who-can-reply) */
  extras?: ReactNode;
  /** a line under the box (the feed's 'too long') */
  note?: ReactNode;
  sendLabel: string;
  sendDisabled: boolean;
  cancelLabel: string;
  onCancel?(): void;
  onSubmit(event: FormEvent): void;
  /** a problem to show (the text stays) */
  problem: string | null;
  /** the form's data attributes (what the pages' tests and scripts find it by) */
  data: Record<`data-${string}`, string>;
  /** the feed's posts are read in a slightly larger type */
  large?: boolean;
}

/**
 * The compose box of comments and posts (spec 2 §2, §5): a textarea with its counter, a Spoiler
 * checkbox, any extra controls, Cancel when editing, and the send button; the state and the rules
 * (what is blank, what is too long, what a send does) stay with each composer.
 */
export function ComposeBox(props: ComposeBoxProps) {
  const id = useId();
  const overClass = props.overTone === 'limit' ? 'font-semibold text-danger' : 'font-semibold text-highlight-strong';
  return (
    <form onSubmit={props.onSubmit} className="space-y-2" {...props.data}>
      <label htmlFor={`${id}-text`} className="sr-only">
        {props.label}
      </label>
      <textarea
        id={`${id}-text`}
        value={props.content}
        onChange={(e) => props.onContent(e.target.value)}
        placeholder={props.placeholder}
        rows={props.rows}
        autoFocus={props.autoFocus}
        aria-describedby={`${id}-count`}
        className={`block w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 ${props.large ? 'text-[15px]' : 'text-sm'} text-fg placeholder:text-fg-muted focus:border-accent focus:outline-2 focus:outline-accent`}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <span id={`${id}-count`} className={`text-xs tabular-nums ${props.over ? overClass : 'text-fg-muted'}`} data-counter>
            {props.counter}
          </span>
          <label className="inline-flex items-center gap-1.5 text-sm text-fg-soft" title={props.spoilerHint}>
            <input
              type="checkbox"
              checked={props.spoiler}
              onChange={(e) => props.onSpoiler(e.target.checked)}
              className="size-4 accent-accent"
              data-spoiler-flag
            />
            {props.spoilerLabel}
          </label>
          {props.extras}
        </div>
        <div className="ml-auto flex items-center gap-2">
          {props.onCancel && (
            <button type="button" onClick={props.onCancel} className="rounded-full px-4 py-1.5 text-sm font-medium text-fg-soft hover:bg-surface-subtle">
              {props.cancelLabel}
            </button>
          )}
          <button
            type="submit"
            disabled={props.sendDisabled}
            className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-50"
            data-send
          >
            {props.sendLabel}
          </button>
        </div>
      </div>
      {props.note}
      {props.problem && (
        <p role="alert" className="rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger">
          {props.problem}
        </p>
      )}
    </form>
  );
}

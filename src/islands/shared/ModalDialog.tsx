import { useEffect, useId, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

/**
 * The one modal dialog of the islands (issue 11's "dialog" primitive): a native <dialog> opened
 * with showModal(), so the page behind is inert, Escape closes it and the opener gets the focus
 * back; Tab and Shift+Tab go round inside it. A heading (and a line under it), a Close button, a
 * body that scrolls, a notice (an error) above the footer, the footer's buttons. With `onSubmit`
 * the whole is a <form> (Enter submits, the footer's submit button sends it).
 *
 * `dialogRef` is the caller's: `dialogRef.current?.close()` closes it (after a save, on Cancel);
 * `onClose` runs however it closed. While `busy`, Escape and Close do nothing (a write is under
 * way). `initialFocus`: the field that has the focus once open (else the browser's choice).
 * Loaded only with the member parts that open a dialog: never on a visitor's page.
 */
export interface ModalDialogProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: ReactNode;
  subtitle?: ReactNode;
  closeLabel: string;
  onClose(): void;
  onSubmit?(event: FormEvent<HTMLFormElement>): void;
  busy?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
  /** max-w-lg or max-w-xl */
  width?: 'lg' | 'xl';
  testId?: string;
  notice?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

const FOCUSABLE = 'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** keeps Tab and Shift+Tab inside `dialog` (the page behind is inert; this keeps focus off the browser's own UI too) */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export function ModalDialog(props: ModalDialogProps) {
  const { dialogRef, title, subtitle, closeLabel, onClose, onSubmit, busy = false, initialFocus, width = 'xl', testId, notice, footer, children } = props;
  const titleId = useId();

  useEffect(() => {
    const el = dialogRef.current;
    if (el && !el.open) el.showModal();
    initialFocus?.current?.focus();
  }, []);

  const close = () => dialogRef.current?.close();
  const frame = 'flex max-h-[calc(100dvh-2rem)] flex-col';
  const inside = (
    <>
      <header className={`flex ${subtitle ? 'items-start' : 'items-center'} justify-between gap-4 border-b border-line px-5 py-4`}>
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {title}
          </h2>
          {subtitle && <p className="truncate text-sm text-fg-muted">{subtitle}</p>}
        </div>
        <button type="button" onClick={close} disabled={busy} aria-label={closeLabel} className="-mr-2 rounded-full p-2 text-fg-muted hover:bg-surface-subtle hover:text-fg">
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" className="size-5">
            <path d="M5 5l10 10M15 5L5 15" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">{children}</div>
      {notice}
      {footer}
    </>
  );

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
      data-testid={testId}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${width === 'lg' ? 'max-w-lg' : 'max-w-xl'} overflow-hidden rounded-xl bg-surface p-0 text-fg shadow-card ring-1 ring-line backdrop:bg-backdrop`}
    >
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit} className={frame}>
          {inside}
        </form>
      ) : (
        <div className={frame}>{inside}</div>
      )}
    </dialog>
  );
}

/** `text` once typing has paused for `pauseMs` (a search box asks the catalogue then, not per key) */
export function useSettledText(text: string, pauseMs = 300): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const wait = setTimeout(() => setSettled(text.trim()), pauseMs);
    return () => clearTimeout(wait);
  }, [text, pauseMs]);
  return settled;
}

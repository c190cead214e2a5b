import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** The card every account screen sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-fg-muted">{subtitle}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

type Tone = 'error' | 'success' | 'info';
const tones: Record<Tone, string> = {
  error: 'border-danger-muted bg-danger-soft text-danger',
  success: 'border-success-muted bg-success-soft text-success',
  info: 'border-accent-muted bg-accent-soft text-accent-strong',
};

/** A message box; errors are announced to screen readers at once. */
export function Alert({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={`mb-4 rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}

/** A labelled input; the hint (e.g. a checklist) sits below it, outside the label. */
export function Field({ label, hint, ...input }: { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        {...input}
        className="block w-full rounded-lg border border-line-strong bg-surface px-3 py-2.5 text-fg placeholder:text-fg-faint focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none"
      />
      {hint}
    </div>
  );
}

export function SubmitButton({ busy, busyLabel, children, disabled }: { busy: boolean; busyLabel: string; children: ReactNode; disabled?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      className="w-full rounded-lg bg-accent px-4 py-2.5 font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** A rule across the card with a word in its middle ('or'). */
export function Divider({ label }: { label: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-xs tracking-wide text-fg-muted uppercase">
      <span className="h-px flex-1 bg-surface-strong" />
      {label}
      <span className="h-px flex-1 bg-surface-strong" />
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10 text-fg-muted">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-accent-muted border-t-accent" />
      <span>{label}</span>
    </div>
  );
}

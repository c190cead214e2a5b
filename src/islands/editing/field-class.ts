/** The edit forms' input look (the edit-profile screen's); a field locked against suggestions (disabled) is greyed. */
export const fieldClass =
  'block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-fg-faint focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none disabled:cursor-not-allowed disabled:bg-surface-subtle';

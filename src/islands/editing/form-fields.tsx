import { useId, type ReactNode } from 'react';
import { fieldClass } from './field-class.ts';

// The edit forms' labelled fields (the drama edit page, person edit): a label above, an optional
// hint below (tied by aria-describedby), a red border while the field has the form's problem.

/** A field's hint under it, named by the field's `aria-describedby` (`{id}-hint`). */
function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
      {hint}
    </p>
  ) : null;
}

/**
 * A field (or a group of controls) mods may have locked against suggestions (catalogue_field_locks):
 * when `locked`, its controls are disabled and greyed, with `note` saying why under them. The
 * member's forms only: mods and admins still edit a locked field (their forms read no locks).
 */
export function Lockable(props: { locked: boolean; note: string; wide?: boolean; id?: string; children: ReactNode }) {
  return (
    <div id={props.id} className={props.wide ? 'sm:col-span-2' : undefined} data-locked={props.locked || undefined}>
      <fieldset disabled={props.locked} className="m-0 min-w-0 border-0 p-0 disabled:opacity-70">
        {props.children}
      </fieldset>
      {props.locked && <p className="mt-1 text-xs font-medium text-fg-muted">{props.note}</p>}
    </div>
  );
}

export function TextField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  type?: 'text' | 'date' | 'number';
  required?: boolean;
  hint?: string;
  name: string;
  min?: number;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {props.label}
        {props.required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.type === 'number' ? 'numeric' : undefined}
        min={props.min}
        maxLength={props.maxLength}
        value={props.value}
        required={props.required}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className={`${fieldClass} ${props.invalid ? 'border-danger' : ''}`}
      />
      <Hint id={id} hint={props.hint} />
    </div>
  );
}

export function Select(props: { name: string; label: string; value: string; onChange(value: string): void; options: [string, string][]; placeholder?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {props.label}
      </label>
      <select id={id} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)} className={fieldClass}>
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TextArea(props: { name: string; label: string; value: string; onChange(value: string): void; invalid?: boolean; rows?: number; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-fg">
        {props.label}
      </label>
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 6}
        value={props.value}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className={`${fieldClass} ${props.invalid ? 'border-danger' : ''}`}
      />
      <Hint id={id} hint={props.hint} />
    </div>
  );
}

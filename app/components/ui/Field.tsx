import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

const controlClass =
  "mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 focus:outline-none focus:ring-2 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-600/20 border-gray-300 focus:border-pink-600 focus:ring-pink-600/20";

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** A labelled control whose message sits beside it and is announced (aria-invalid, aria-describedby). */
function FieldShell({ label, error, hint, optional, children }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
        {optional && <span className="font-normal text-gray-600"> (optional)</span>}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { label: string; error?: string | undefined; hint?: ReactNode; optional?: boolean };

export function TextField({ label, error, hint, optional, className = "", ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} optional={optional}>
      {({ id, describedBy, invalid }) => (
        <input id={id} aria-invalid={invalid} aria-describedby={describedBy} className={`${controlClass} ${className}`} {...props} />
      )}
    </FieldShell>
  );
}

export function TextAreaField({ label, error, hint, optional, className = "", ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} optional={optional}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} aria-invalid={invalid} aria-describedby={describedBy} className={`${controlClass} ${className}`} {...props} />
      )}
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  className = "",
  children,
  ...props
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} optional={optional}>
      {({ id, describedBy, invalid }) => (
        <select id={id} aria-invalid={invalid} aria-describedby={describedBy} className={`${controlClass} ${className}`} {...props}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

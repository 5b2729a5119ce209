import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

// One look for every form control; the classes are exported for controls that
// need their own markup (selects, editors).
export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 aria-[invalid]:border-red-500 disabled:opacity-70 dark:border-slate-700 dark:bg-slate-900";
export const errorClass = "text-sm text-red-600 dark:text-red-400";
export const hintClass = "text-xs text-slate-500 dark:text-slate-400";

type FrameProps = {
  label: ReactNode;
  hideLabel?: boolean;
  inputId: string | undefined;
  error?: string;
  hint?: string;
  children: ReactNode;
};

/** What every control inside a FieldFrame carries: its id, and the message or hint that describes it. */
function controlProps(inputId: string | undefined, error?: string, hint?: string) {
  return {
    id: inputId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined,
    className: inputClass,
  };
}

/** Label above, hint or validation message (announced to screen readers) below. */
function FieldFrame({ label, hideLabel, inputId, error, hint, children }: FrameProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className={hideLabel ? "sr-only" : "block text-sm font-medium"}>
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${inputId}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${inputId}-error`}>{error}</FieldError> : null}
    </div>
  );
}

/** A validation message under a control, announced to screen readers. */
export function FieldError({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className={cn(errorClass, className)}>
      {children}
    </p>
  );
}

/** Why an action button's request failed, announced to screen readers. */
export function ActionError({ children }: { children: ReactNode }) {
  return <FieldError className="font-medium">{children}</FieldError>;
}

type FieldProps = ComponentProps<"input"> & {
  label: ReactNode;
  /** Only for screen readers, where the row's layout already says what the input is. */
  hideLabel?: boolean;
  error?: string;
  hint?: string;
};

/** Labelled input with its validation message. */
export function Field({ label, hideLabel, error, hint, id, name, ref, ...props }: FieldProps) {
  const inputId = id ?? name;
  return (
    <FieldFrame label={label} hideLabel={hideLabel} inputId={inputId} error={error} hint={hint}>
      <input ref={ref} name={name} {...controlProps(inputId, error, hint)} {...props} />
    </FieldFrame>
  );
}

/** A web address input: the URL keyboard on phones, and the start of an address as its example. */
export function UrlField(props: Omit<FieldProps, "type" | "inputMode">) {
  return (
    <Field
      type="url"
      inputMode="url"
      // i18n-ignore: the start of a web address, the same in every language
      placeholder="https://…"
      {...props}
    />
  );
}

type SelectProps = ComponentProps<"select"> & { label: ReactNode; error?: string; hint?: string };

/** Labelled select with its validation message; the options are its children. */
export function SelectField({ label, error, hint, id, name, ref, ...props }: SelectProps) {
  const inputId = id ?? name;
  return (
    <FieldFrame label={label} inputId={inputId} error={error} hint={hint}>
      <select ref={ref} name={name} {...controlProps(inputId, error, hint)} {...props} />
    </FieldFrame>
  );
}

type TextAreaProps = ComponentProps<"textarea"> & { label: ReactNode; error?: string; hint?: string };

/** Labelled textarea with its validation message. */
export function TextAreaField({ label, error, hint, id, name, ref, ...props }: TextAreaProps) {
  const inputId = id ?? name;
  return (
    <FieldFrame label={label} inputId={inputId} error={error} hint={hint}>
      <textarea ref={ref} name={name} rows={3} {...controlProps(inputId, error, hint)} {...props} />
    </FieldFrame>
  );
}

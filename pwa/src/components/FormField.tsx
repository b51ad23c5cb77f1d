import type { ReactNode } from 'react';

/**
 * One labelled form field with its hint and its error message under it, both tied to the control
 * by `aria-describedby` (docs/product.md#validation-rules). `children` renders the control with
 * the `aria-describedby` value to set (undefined when there is neither hint nor error); the
 * control's `id` must be `id`.
 */
export function FormField(props: { id: string; label: string; error?: string | undefined; hint?: ReactNode; children: (describedBy: string | undefined) => ReactNode }) {
  const errorId = `${props.id}-error`;
  const hintId = `${props.id}-hint`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children(describedBy)}
      {props.hint && (
        <p id={hintId} className="form-field__hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="form-field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}

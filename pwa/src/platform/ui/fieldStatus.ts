/**
 * What every labelled field of the forms takes (docs/contributing.md#forms-and-fields): its
 * visible label, a hint and an error message, all in the active language.
 */
export interface FieldProps {
  /** the visible label (Ionic's `label`), also the field's accessible name */
  label: string;
  /** a hint under the field, shown while it has no error (Ionic's `helperText`) */
  helper?: string | undefined;
  /** the message under the field (Ionic's `errorText`); set, the field is invalid (docs/product.md#validation-rules) */
  error?: string | undefined;
  /** greyed out and not editable */
  disabled?: boolean | undefined;
  /** more classes for the field's element */
  className?: string | undefined;
}

/**
 * Ionic's props for a field's hint and error: `helperText`, `errorText`, and the `ion-invalid
 * ion-touched` classes while there is an error, with which Ionic shows the error in place of the
 * hint, sets `aria-invalid` and points the control's `aria-describedby` at the message
 * (docs/contributing.md#forms-and-fields). The class `labelled-field` gives every field one look
 * (`FormField.css`).
 * @returns `helperText`, `errorText` and `className` to spread on an Ionic field
 */
export function fieldStatus({ helper, error, className }: Pick<FieldProps, 'helper' | 'error' | 'className'>): {
  helperText: string | undefined;
  errorText: string | undefined;
  className: string;
} {
  return {
    helperText: helper,
    errorText: error,
    className: ['labelled-field', className, error ? 'ion-invalid ion-touched' : null].filter(Boolean).join(' '),
  };
}

import { IonButton, IonCheckbox, IonIcon, IonInput, IonSelect, IonSelectOption, IonTextarea } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';
import { useId, useRef, type ChangeEvent, type ComponentProps, type FocusEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useI18n } from '../i18n';
import { flushSync } from 'react-dom';
import { fieldStatus, type FieldProps } from './fieldStatus';
import './FormField.css';

export { type FieldProps } from './fieldStatus';

type InputProps = ComponentProps<typeof IonInput>;
type TextareaProps = ComponentProps<typeof IonTextarea>;

/** Props of {@link TextField}. */
export interface TextFieldProps extends FieldProps {
  value: string;
  /** called with the text on every keystroke (Ionic's `ionInput`); absent for a read-only field */
  onChange?: ((value: string) => void) | undefined;
  /** the native input's type; `date` and `datetime-local` keep the platform's own picker */
  type?: InputProps['type'];
  /** the longest text, characters */
  maxLength?: number | undefined;
  /** shows Ionic's "n / maxLength" counter under the field */
  counter?: boolean | undefined;
  inputMode?: InputProps['inputmode'];
  autocomplete?: InputProps['autocomplete'];
  enterKeyHint?: InputProps['enterkeyhint'];
  min?: number | string | undefined;
  max?: number | string | undefined;
  step?: string | undefined;
  placeholder?: string | undefined;
  readOnly?: boolean | undefined;
  required?: boolean | undefined;
  /** Ionic's clear button at the end of the field */
  clearInput?: boolean | undefined;
  /** `stacked` (default): the label always above the text; `floating`: inside the empty field, above it once focused or filled (search boxes) */
  labelPlacement?: 'stacked' | 'floating';
  /** content before the text, in Ionic's `start` slot (a search icon) */
  start?: ReactNode;
  /** called when the field gains focus; the event's target is the native input */
  onFocus?: ((event: FocusEvent<HTMLElement>) => void) | undefined;
  inputRef?: Ref<HTMLIonInputElement> | undefined;
}

/**
 * Runs a field's change handler and renders its outcome at once. Ionic's `ionInput` is a custom
 * event, which React renders later than a native input's; without this, a key pressed right after
 * the last character (Enter that sends a message or submits a form) would see the text without it.
 */
function flushInput(change: () => void): void {
  flushSync(change);
}

/**
 * A labelled one-line text field (docs/contributing.md#forms-and-fields): Ionic's `IonInput` with
 * its label stacked above an outlined box, the hint or the error under it (see
 * {@link fieldStatus}) and, with `counter`, the characters typed of `maxLength`.
 */
export function TextField(props: TextFieldProps) {
  const { label, helper, error, disabled, className, value, onChange, maxLength, counter, labelPlacement = 'stacked', start, inputRef, readOnly, onFocus } = props;
  return (
    <IonInput
      ref={inputRef}
      {...fieldStatus({ helper, error, className })}
      label={label}
      labelPlacement={labelPlacement}
      fill="outline"
      type={props.type ?? 'text'}
      value={value}
      maxlength={maxLength}
      counter={Boolean(counter && maxLength)}
      inputmode={props.inputMode}
      autocomplete={props.autocomplete ?? 'off'}
      enterkeyhint={props.enterKeyHint}
      min={props.min}
      max={props.max}
      step={props.step}
      placeholder={props.placeholder}
      clearInput={props.clearInput}
      disabled={disabled}
      readonly={readOnly}
      required={props.required}
      onFocus={onFocus}
      onIonInput={(event) => flushInput(() => onChange?.(String(event.detail.value ?? '')))}
    >
      {start ? <div slot="start">{start}</div> : null}
    </IonInput>
  );
}

/** Props of {@link TextAreaField}. */
export interface TextAreaFieldProps extends FieldProps {
  value: string;
  /** called with the text on every keystroke (Ionic's `ionInput`) */
  onChange: (value: string) => void;
  /** the longest text, characters; with it Ionic's "n / maxLength" counter shows unless `counter` is false */
  maxLength?: number | undefined;
  counter?: boolean | undefined;
  /** the visible lines (default 4) */
  rows?: number | undefined;
  /** grows with its text instead of scrolling */
  autoGrow?: boolean | undefined;
  placeholder?: string | undefined;
  required?: boolean | undefined;
  enterKeyHint?: TextareaProps['enterkeyhint'];
  /** `stacked` (default) or `floating` (inside the empty field, like the chat's message box) */
  labelPlacement?: 'stacked' | 'floating';
  /** a key pressed in the text (React's event, from the native textarea) */
  onKeyDown?: ((event: KeyboardEvent<HTMLIonTextareaElement>) => void) | undefined;
  textareaRef?: Ref<HTMLIonTextareaElement> | undefined;
}

/**
 * A labelled multi-line text field (docs/contributing.md#forms-and-fields): Ionic's `IonTextarea`,
 * in the look of {@link TextField}, with the characters typed of `maxLength` under it.
 */
export function TextAreaField(props: TextAreaFieldProps) {
  const { label, helper, error, disabled, className, value, onChange, maxLength, labelPlacement = 'stacked', textareaRef } = props;
  return (
    <IonTextarea
      ref={textareaRef}
      {...fieldStatus({ helper, error, className })}
      label={label}
      labelPlacement={labelPlacement}
      fill="outline"
      value={value}
      rows={props.rows ?? 4}
      autoGrow={props.autoGrow}
      maxlength={maxLength}
      counter={Boolean(maxLength) && props.counter !== false}
      placeholder={props.placeholder}
      enterkeyhint={props.enterKeyHint}
      disabled={disabled}
      required={props.required}
      onKeyDown={props.onKeyDown}
      onIonInput={(event) => flushInput(() => onChange(String(event.detail.value ?? '')))}
    />
  );
}

/** One choice of a {@link SelectField}: the value it stands for and its text. */
export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

/** Props of {@link SelectField}. */
export interface SelectFieldProps<T extends string | number> extends FieldProps {
  /** the chosen option's value; one that no option has shows `placeholder` */
  value: T | undefined;
  options: readonly SelectOption<T>[];
  /** called with the value the person chose; the field keeps showing `value` until the caller takes it */
  onChange: (value: T) => void;
  /** what the field shows while nothing is chosen, e.g. "Select an instructor" */
  placeholder?: string | undefined;
  /** `stacked` (default), or `start` for a compact select in a row (the pager's "Rows per page:") */
  labelPlacement?: 'stacked' | 'start';
  /**
   * Hides the label from sight (it stays Ionic's label and the accessible name), for a select in a
   * table row whose column header is its visible label (a user's role)
   */
  hideLabel?: boolean | undefined;
  /** the `ion-select` element, for a caller that gives it the focus back (`setFocus()`) */
  ref?: Ref<HTMLIonSelectElement> | undefined;
}

/**
 * A labelled choice of one value (docs/contributing.md#forms-and-fields): Ionic's `IonSelect` in
 * the look of {@link TextField}, whose options open in a popover anchored to it. It is controlled:
 * after a choice it shows `value` again unless the caller re-rendered it with the chosen one, so a
 * choice the caller asks about or refuses (a role change not confirmed) does not stay on screen.
 */
export function SelectField<T extends string | number>(props: SelectFieldProps<T>) {
  const { label, helper, error, disabled, className, value, options, onChange, placeholder, labelPlacement = 'stacked', hideLabel, ref } = props;
  const shown = useRef(value);
  shown.current = value;
  return (
    <IonSelect
      ref={ref}
      {...fieldStatus({ helper, error, className: [className, hideLabel ? 'labelled-field--label-hidden' : null].filter(Boolean).join(' ') })}
      label={label}
      labelPlacement={hideLabel ? 'start' : labelPlacement}
      fill={hideLabel || labelPlacement === 'start' ? undefined : 'outline'}
      interface="popover"
      value={value}
      placeholder={placeholder}
      disabled={disabled}
      onIonChange={(event) => {
        const select = event.target;
        flushSync(() => onChange(event.detail.value as T));
        // the caller did not take the choice (yet): show its value again.
        if (select.value !== shown.current) select.value = shown.current;
      }}
    >
      {options.map((option) => (
        <IonSelectOption key={String(option.value)} value={option.value}>
          {option.label}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}

/** Props of {@link CheckboxField}. */
export interface CheckboxFieldProps extends FieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** hides the label from sight (it stays the accessible name), for a box in a table row whose column header is its visible label */
  hideLabel?: boolean | undefined;
}

/**
 * A labelled checkbox (docs/contributing.md#forms-and-fields): Ionic's `IonCheckbox` with its
 * label after the box, the whole row to tap.
 */
export function CheckboxField({ label, helper, error, disabled, className, checked, onChange, hideLabel }: CheckboxFieldProps) {
  return (
    <IonCheckbox
      {...fieldStatus({ helper, error, className })}
      labelPlacement="end"
      justify="start"
      checked={checked}
      disabled={disabled}
      onIonChange={(event) => onChange(event.detail.checked)}
    >
      {hideLabel ? <span className="visually-hidden">{label}</span> : label}
    </IonCheckbox>
  );
}

/** Props of {@link FieldGroup}. */
export interface FieldGroupProps {
  /** the group's visible name, its `legend` */
  label: string;
  /** the group's message (one box at least must be ticked) */
  error?: string | undefined;
  className?: string | undefined;
  /** the group's fields, e.g. {@link CheckboxField}s */
  children: ReactNode;
}

/**
 * Fields that answer one question together, such as a task's focus strands: a `fieldset` named
 * by its visible `legend`, with the group's message under it in Ionic's error look and tied to
 * it by `aria-describedby` (Ionic's own error texts belong to one field each).
 */
export function FieldGroup({ label, error, className, children }: FieldGroupProps) {
  const errorId = useId();
  return (
    <fieldset className={['field-group', className, error ? 'field-group--invalid' : null].filter(Boolean).join(' ')} aria-describedby={error ? errorId : undefined}>
      <legend className="field-group__label">{label}</legend>
      {children}
      {error ? (
        <p id={errorId} className="field-group__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Props of {@link FileField}. */
export interface FileFieldProps extends FieldProps {
  /** the file types offered, as the input's `accept` (`image/*`, `.csv,.json`) */
  accept: string;
  /** called when a file was chosen (or the choice cleared); the handler may reset `event.target.value` */
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A labelled file chooser (docs/contributing.md#forms-and-fields): the platform's own file input,
 * which alone opens the phone's file, photo and camera choices, kept hidden behind an Ionic
 * "Choose a file" button that opens it. The button's name starts with the visible label ("Upload
 * Course Image: Choose a file"); the input keeps the label too, so tests and assistive technology
 * find it by it. The hint or error sits under it in Ionic's look.
 */
export function FileField({ label, helper, error, disabled, className, accept, onChange }: FileFieldProps) {
  const { t } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const message = error ?? helper;
  return (
    <div className={['file-field', className, error ? 'file-field--invalid' : null].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="file-field__label">
        {label}
      </label>
      <IonButton fill="outline" className="file-field__button" disabled={disabled} onClick={() => input.current?.click()}>
        <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />
        <span className="visually-hidden">{label} </span>
        {t('common.chooseFile')}
      </IonButton>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        hidden
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={onChange}
      />
      {message ? (
        <p id={`${id}-message`} className={error ? 'file-field__error' : 'file-field__helper'} role={error ? 'alert' : undefined}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

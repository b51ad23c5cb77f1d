/**
 * Driving Ionic's form fields in jsdom as a person would through Ionic
 * (docs/contributing.md#forms-and-fields): find a field by its visible label, type into it,
 * choose an option, tick a box. Each action sets the element's value and fires the event Ionic
 * fires (`ionInput`, `ionChange`), which is what the screens listen to; `setup.ts` gives the
 * fields their props and listeners as in a browser (`ionicFields.ts`).
 */
import { act, waitFor } from '@testing-library/react';

/** An Ionic field element with the properties the helpers read and set. */
export type IonField = HTMLElement & { value?: unknown; label?: string; checked?: boolean; errorText?: string; helperText?: string; disabled?: boolean };

const FIELD_TAGS = ['ion-input', 'ion-textarea', 'ion-select', 'ion-checkbox', 'ion-toggle', 'ion-radio-group'];
const FIELD_SELECTOR = FIELD_TAGS.join(', ');

/** The Ionic field `node` is or is inside of (a native input given by `getByLabelText` leads to its `ion-input`). */
function ionField(node: Element): IonField {
  const field = node.closest(FIELD_SELECTOR);
  if (!field) throw new Error(`Not inside an Ionic field: <${node.tagName.toLowerCase()}>`);
  return field as IonField;
}

/**
 * The field's label as a person finds it: the `label` of an input, text area or select, the text
 * beside a checkbox or toggle, the list header of a radio group; else its `aria-label`.
 */
export function fieldLabel(node: Element): string {
  const field = ionField(node);
  const tag = field.tagName.toLowerCase();
  let label: string | undefined;
  if (tag === 'ion-checkbox' || tag === 'ion-toggle') label = field.textContent?.trim();
  else if (tag === 'ion-radio-group') label = field.querySelector('ion-list-header')?.textContent?.trim();
  else label = typeof field.label === 'string' ? field.label : undefined;
  return label || field.getAttribute('aria-label') || '';
}

const matches = (text: string, label: string | RegExp) => (typeof label === 'string' ? text === label : label.test(text));

/** Every Ionic field in `container` labelled `label` (the whole text, or a pattern). */
export function queryAllFields(label: string | RegExp, container: ParentNode = document.body): IonField[] {
  return Array.from(container.querySelectorAll<IonField>(FIELD_SELECTOR)).filter((field) => matches(fieldLabel(field), label));
}

/** The one Ionic field labelled `label` in `container`; throws naming the labels there are. */
export function getField(label: string | RegExp, container: ParentNode = document.body): IonField {
  const found = queryAllFields(label, container);
  if (found.length === 1) return found[0]!;
  const labels = Array.from(container.querySelectorAll(FIELD_SELECTOR)).map(fieldLabel);
  throw new Error(`${found.length} fields labelled ${String(label)}; the fields are: ${JSON.stringify(labels)}`);
}

/** {@link getField}, waiting (Testing Library's time limit) for the field to appear. */
export function findField(label: string | RegExp, container: ParentNode = document.body): Promise<IonField> {
  return waitFor(() => getField(label, container));
}

/**
 * Types `text` as the field's whole new text into an `ion-input` or `ion-textarea` (or its native
 * input): sets its value and fires `ionInput` as Ionic does on each keystroke.
 */
export function typeInto(node: Element, text: string): void {
  const field = ionField(node);
  if (field.tagName !== 'ION-INPUT' && field.tagName !== 'ION-TEXTAREA') throw new Error(`typeInto needs an ion-input or ion-textarea, not <${field.tagName.toLowerCase()}>`);
  if (field.disabled) throw new Error(`The field "${fieldLabel(field)}" is disabled`);
  act(() => {
    field.value = text;
    field.dispatchEvent(new CustomEvent('ionInput', { detail: { value: text, event: new Event('input') }, bubbles: true }));
  });
}

/** The values of the options of an `ion-select` or of the radios of an `ion-radio-group`. */
function optionValues(field: IonField): unknown[] {
  return Array.from(field.querySelectorAll<IonField>(field.tagName === 'ION-SELECT' ? 'ion-select-option' : 'ion-radio')).map((option) => option.value);
}

/**
 * Chooses the option whose value is `value` in an `ion-select` or `ion-radio-group`, as Ionic
 * reports a choice: sets the value and fires `ionChange`. Throws when no option has that value.
 */
export function choose(node: Element, value: unknown): void {
  const field = ionField(node);
  if (field.tagName !== 'ION-SELECT' && field.tagName !== 'ION-RADIO-GROUP') throw new Error(`choose needs an ion-select or ion-radio-group, not <${field.tagName.toLowerCase()}>`);
  if (field.disabled) throw new Error(`The field "${fieldLabel(field)}" is disabled`);
  const values = optionValues(field);
  if (!values.includes(value)) throw new Error(`"${fieldLabel(field)}" has no option ${JSON.stringify(value)}; it has ${JSON.stringify(values)}`);
  act(() => {
    field.value = value;
    field.dispatchEvent(new CustomEvent('ionChange', { detail: { value }, bubbles: true }));
  });
}

/** Ticks (or clears) an `ion-checkbox` or `ion-toggle` as Ionic reports it: sets `checked` and fires `ionChange`. */
export function setChecked(node: Element, checked: boolean): void {
  const field = ionField(node);
  if (field.disabled) throw new Error(`The field "${fieldLabel(field)}" is disabled`);
  act(() => {
    field.checked = checked;
    field.dispatchEvent(new CustomEvent('ionChange', { detail: { checked, value: field.value }, bubbles: true }));
  });
}

/** The texts of the options an `ion-select` offers, in order. */
export function optionTexts(node: Element): string[] {
  return Array.from(ionField(node).querySelectorAll('ion-select-option')).map((option) => option.textContent ?? '');
}

/** The message Ionic shows under the field: its `errorText` while it is marked `ion-invalid ion-touched`, else undefined. */
export function fieldError(node: Element): string | undefined {
  const field = ionField(node);
  return field.classList.contains('ion-invalid') && field.classList.contains('ion-touched') ? field.errorText : undefined;
}

/**
 * The native `<input>` or `<textarea>` Ionic renders inside an `ion-input` or `ion-textarea`,
 * once it has: for what only keys show (Enter sends, Shift+Enter starts a line), typed with
 * user-event, whose input events reach the screen as Ionic's `ionInput`.
 */
export function findNativeInput(node: Element): Promise<HTMLInputElement | HTMLTextAreaElement> {
  const field = ionField(node);
  return waitFor(() => {
    const native = field.querySelector<HTMLInputElement | HTMLTextAreaElement>('input:not([type="hidden"]), textarea');
    if (!native) throw new Error(`Ionic has not rendered the native control of "${fieldLabel(field)}" yet`);
    return native;
  });
}

/** The hint Ionic shows under the field: its `helperText` while it has no error shown, else undefined. */
export function fieldHelper(node: Element): string | undefined {
  const field = ionField(node);
  return fieldError(field) === undefined ? field.helperText : undefined;
}

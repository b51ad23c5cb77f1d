import { IonLabel, IonListHeader, IonRadio, IonRadioGroup } from '@ionic/react';
import { fieldStatus, type FieldProps } from './fieldStatus';
import './RadioGroupField.css';

/** One option of a {@link RadioGroupField}: the value it stands for and its text. */
export interface RadioOption<T extends string | number> {
  value: T;
  label: string;
}

/** Props of {@link RadioGroupField}. */
export interface RadioGroupFieldProps<T extends string | number> extends FieldProps {
  /** the chosen option's value; undefined while none is */
  value: T | undefined;
  options: readonly RadioOption<T>[];
  /** called with the value of the option the person chose */
  onChange: (value: T) => void;
  /** an answer is needed (`aria-required`) */
  required?: boolean | undefined;
}

/**
 * A labelled scale of options of which one is chosen (docs/contributing.md#forms-and-fields): the
 * self-assessment's five answers, a feedback's 1–5 score. Ionic's `IonRadioGroup`, named by the
 * visible label in its list header (Ionic's own way of labelling a group), with the options side
 * by side, each text under its circle, and the hint or error under the label. Arrow keys move
 * between the options, Tab leaves the group.
 *
 * Kept apart from `FormField.tsx`: the self-assessment on `/`, the first screen, fetches this
 * module as it opens, which then brings only Ionic's radio group, not the text fields and selects
 * (docs/decisions/0007-ionic-imports-per-use.md).
 */
export function RadioGroupField<T extends string | number>({ label, helper, error, disabled, className, value, options, onChange, required }: RadioGroupFieldProps<T>) {
  const status = fieldStatus({ helper, error, className: ['radio-field', className].filter(Boolean).join(' ') });
  return (
    <IonRadioGroup {...status} value={value} aria-required={required || undefined} onIonChange={(event) => onChange(event.detail.value as T)}>
      <IonListHeader className="radio-field__label">
        <IonLabel>{label}</IonLabel>
      </IonListHeader>
      <div className="radio-field__options">
        {options.map((option) => (
          <IonRadio key={String(option.value)} value={option.value} labelPlacement="stacked" alignment="center" disabled={disabled} className="radio-field__option">
            {option.label}
          </IonRadio>
        ))}
      </div>
    </IonRadioGroup>
  );
}

import { IonIcon } from '@ionic/react';
import { searchOutline } from 'ionicons/icons';
import { TextField } from './FormField';
import './SearchField.css';

/** Props of {@link SearchField}. */
export interface SearchFieldProps {
  /** the field's label, e.g. "Search for users" (docs/product.md#users-table, docs/product.md#student-list, docs/product.md#teacher-list) */
  label: string;
  value: string;
  /** called on every keystroke; debounce in the caller */
  onChange: (value: string) => void;
  /** more classes for the box, to place it */
  className?: string | undefined;
}

/**
 * A search box for the lists (docs/contributing.md#forms-and-fields): the shared {@link TextField}
 * of type `search` (Escape clears it, the keyboard shows a search key) with a search icon and a
 * clear button, its label inside the empty box and above it once focused or filled.
 */
export function SearchField({ label, value, onChange, className }: SearchFieldProps) {
  return (
    <div className={className ? `search-field ${className}` : 'search-field'} role="search">
      <TextField
        type="search"
        label={label}
        labelPlacement="floating"
        value={value}
        enterKeyHint="search"
        clearInput
        start={<IonIcon icon={searchOutline} aria-hidden="true" className="search-field__icon" />}
        onChange={onChange}
      />
    </div>
  );
}

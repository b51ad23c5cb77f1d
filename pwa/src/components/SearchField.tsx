import { IonIcon } from '@ionic/react';
import { searchOutline } from 'ionicons/icons';
import { useId } from 'react';
import './SearchField.css';

/** Props of {@link SearchField}. */
export interface SearchFieldProps {
  /** the placeholder, also the field's accessible name, e.g. "Search for users" (docs/product.md#users-table, docs/product.md#student-list, docs/product.md#teacher-list) */
  placeholder: string;
  value: string;
  /** called on every keystroke; debounce in the caller */
  onChange: (value: string) => void;
}

/**
 * A search box for the admin lists: a native `type="search"` input (Escape
 * clears it, the keyboard shows a search key) labelled with its placeholder,
 * with a search icon, in the look of Ionic's searchbar.
 */
export function SearchField({ placeholder, value, onChange }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="search-field" role="search">
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <IonIcon icon={searchOutline} aria-hidden="true" className="search-field__icon" />
      <input
        id={id}
        type="search"
        className="search-field__input"
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

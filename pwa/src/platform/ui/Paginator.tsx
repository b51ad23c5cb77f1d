import { IonIcon } from '@ionic/react';
import { chevronBack, chevronForward } from 'ionicons/icons';
import { t, useI18n } from '../i18n';
import { SelectField } from './FormField';
import './Paginator.css';

/** Props of {@link Paginator}. */
export interface PaginatorProps {
  /** the current page, 1-based (docs/product.md#constants-and-limits: "the page is sent 1-based") */
  page: number;
  /** rows per page, one of `options` */
  rowsPerPage: number;
  /** rows over all pages (the list call's `total`) */
  count: number;
  /** the rows-per-page choices, e.g. 10, 25, 50, 100 (docs/product.md#constants-and-limits) */
  options: readonly number[];
  /** called with the new 1-based page */
  onPageChange: (page: number) => void;
  /** called with the new page size; the caller goes back to page 1 (docs/product.md#paged-tables) */
  onRowsPerPageChange: (rowsPerPage: number) => void;
  /** what the rows are, for the control group's accessible name ("Pages of {label}"), in the active language, e.g. "students"; "rows" by default */
  label?: string;
}

/** "from–to of count" as docs/product.md#constants-and-limits shows the displayed rows (`0–0 of 0` for none), in the active language. */
export function displayedRows(page: number, rowsPerPage: number, count: number): string {
  if (count === 0) return t('components.paginator.displayedRows', { from: 0, to: 0, count: 0 });
  const from = Math.min((page - 1) * rowsPerPage + 1, count);
  const to = Math.min(page * rowsPerPage, count);
  return t('components.paginator.displayedRows', { from, to, count });
}

/**
 * The pager under a paged table (docs/product.md#constants-and-limits): "Rows per page:" with
 * its select (the shared {@link SelectField}, its label before it), the displayed rows as
 * "from–to of count", and previous / next page buttons.
 */
export function Paginator({ page, rowsPerPage, count, options, onPageChange, onRowsPerPageChange, label }: PaginatorProps) {
  const { t: translate } = useI18n();
  const lastPage = Math.max(1, Math.ceil(count / rowsPerPage));
  return (
    <nav className="paginator" aria-label={translate('components.paginator.pagesOf', { label: label ?? translate('components.paginator.rows') })}>
      <SelectField
        className="paginator__select"
        label={translate('components.paginator.rowsPerPage')}
        labelPlacement="start"
        value={rowsPerPage}
        options={options.map((option) => ({ value: option, label: String(option) }))}
        onChange={onRowsPerPageChange}
      />
      <span className="paginator__rows" aria-live="polite">
        {displayedRows(page, rowsPerPage, count)}
      </span>
      <span className="paginator__buttons">
        <button type="button" className="paginator__button" aria-label={translate('components.paginator.previousPage')} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <IonIcon icon={chevronBack} aria-hidden="true" />
        </button>
        <button type="button" className="paginator__button" aria-label={translate('components.paginator.nextPage')} disabled={page >= lastPage} onClick={() => onPageChange(page + 1)}>
          <IonIcon icon={chevronForward} aria-hidden="true" />
        </button>
      </span>
    </nav>
  );
}

import { IonCard, IonCardContent } from '@ionic/react';
import { Fragment, type ReactNode } from 'react';

/** One column of a {@link PeopleTable}. */
export interface PeopleColumn<T> {
  /** the column header, also the field's label on a card (docs/product.md#users-table, docs/product.md#student-list, docs/product.md#teacher-list column names) */
  header: string;
  /** the cell's content */
  cell: (row: T) => ReactNode;
  /** extra class of the cell, e.g. for the monospace id */
  className?: string;
  /** shown in the table only, not on a phone's cards (the database id, docs/product.md#users-table) */
  wideOnly?: boolean;
}

/**
 * An email that may break only before its "@" and its dots, never inside a word
 * (docs/product.md#users-table): the text with a `<wbr>` at each of those points; the cell's
 * text stays the whole address for assistive technology and searching.
 */
export function breakableEmail(email: string): ReactNode {
  return email.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/**
 * A database id as the tables show it (docs/product.md#users-table): narrow, monospace and cut
 * with an ellipsis; the whole id is the cell's text (read out in full) and its tooltip.
 */
export function shortId(id: string): ReactNode {
  return (
    <span className="people-id__text" title={id}>
      {id}
    </span>
  );
}

/** Props of {@link PeopleTable}. */
export interface PeopleTableProps<T extends { id: string; name: string }> {
  /** the table's accessible name, e.g. "Users" */
  caption: string;
  rows: readonly T[];
  columns: readonly PeopleColumn<T>[];
  /** a table from tablet width up; one card per row on phones */
  wide: boolean;
}

/**
 * The admin lists of people (docs/product.md#users-table, docs/product.md#student-list, docs/product.md#teacher-list): a table with the spec's
 * columns on a tablet, and on a phone one card per person with the same
 * fields (each labelled with its column header) and the same actions — but the
 * `wideOnly` ones (the id), which a phone has no room for and a person does not need.
 */
export function PeopleTable<T extends { id: string; name: string }>({ caption, rows, columns, wide }: PeopleTableProps<T>) {
  if (wide) {
    return (
      <div className="people-table__scroll">
        <table className="people-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column) => (
                  <td key={column.header} className={column.className}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className="people-cards" aria-label={caption}>
      {rows.map((row) => (
        <li key={row.id}>
          <IonCard className="people-card">
            <IonCardContent>
              <dl className="people-card__fields">
                {columns
                  .filter((column) => !column.wideOnly)
                  .map((column) => (
                    <div key={column.header} className="people-card__field">
                      <dt>{column.header}</dt>
                      <dd className={column.className}>{column.cell(row)}</dd>
                    </div>
                  ))}
              </dl>
            </IonCardContent>
          </IonCard>
        </li>
      ))}
    </ul>
  );
}

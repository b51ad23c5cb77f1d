import type { CastingContext } from 'csv-stringify';

/**
 * The one rule for every cell of every CSV file the server writes (the users export, the access
 * log; docs/product.md#csv-files): a value a spreadsheet would run as a formula gets a leading `'`,
 * as OWASP advises against CSV injection — names and emails are typed by self-registering users,
 * and an admin opens the file in a spreadsheet. The quoting itself (RFC 4180) is `csv-stringify`'s.
 */

/** The first characters that make a spreadsheet read a cell as a formula: `=`, `+`, `-`, `@`, tab, carriage return. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text made inert: `'` before a value that starts with {@link FORMULA_START}, the value otherwise. */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell written by {@link neutralizeFormula}, read back (the import of an exported file): the value itself again. */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * `csv-stringify`'s `cast` option that passes every string cell through {@link neutralizeFormula}:
 * give it to each `stringify()` call, `stringify(rows, { cast: SAFE_CSV_CAST })`.
 */
export const SAFE_CSV_CAST = { string: (value: string, _context?: CastingContext) => neutralizeFormula(value) } as const;

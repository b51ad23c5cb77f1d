import { parse as parseCsv, CsvError } from 'csv-parse/sync';
import { restoreFormula } from '../platform/csvCell.js';
import { ApiError, badRequest } from '../platform/http/errors.js';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, FILE_TOO_LARGE, TOO_MANY_ROWS } from './schema.js';

/**
 * Reading an import file into rows (docs/product.md#import): a CSV with a header row, or the JSON
 * array that "Export Now" makes. Only the file's shape is checked here; what each row means is
 * the plan's (`plan.ts`).
 */

/** One person as the file gives them, before any check of the values. */
export interface RawRow {
  /** the 1-based line of the file where the row starts */
  row: number;
  /** the cell as written (trimmed), or null when the file has none */
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  role: string | null;
  /** the course titles, trimmed, without empty ones */
  courses: string[];
  /** what is wrong with the row's shape (not an object, a cell that is not text …), in words */
  problems: string[];
}

/** A file read into rows. */
export interface ParsedFile {
  format: 'csv' | 'json';
  rows: RawRow[];
}

/** The columns the import reads, by their normalised header name (docs/product.md#import). */
const COLUMNS = { firstname: 'firstName', lastname: 'lastName', name: 'name', email: 'email', role: 'role', courses: 'courses' } as const;
type Column = (typeof COLUMNS)[keyof typeof COLUMNS];

/** What the first line of a CSV must name, in the messages. */
const HEADER_HINT = 'The first line must name the columns: firstName, lastName, email, role, courses.';

/** 413 `file_too_large`. */
export function fileTooLarge(): ApiError {
  return new ApiError(413, FILE_TOO_LARGE, 'The file is larger than 2 MB. Split it into smaller files.');
}

/** 413 `too_many_rows`. */
function tooManyRows(count: number): ApiError {
  return new ApiError(
    413,
    TOO_MANY_ROWS,
    `The file holds ${count.toLocaleString('en-GB')} people; at most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} can be imported at once. Split it into smaller files.`,
  );
}

/** A header or JSON key as the import compares it: lower case, without spaces, `_` and `-` (`First name` → `firstname`). */
function normaliseKey(key: string): string {
  return key.replace(/[\s_-]+/g, '').toLowerCase();
}

/** Course titles of one cell: separated by `;`, trimmed, empty ones dropped. */
export function splitCourses(cell: string): string[] {
  return cell
    .split(';')
    .map((title) => title.trim())
    .filter((title) => title !== '');
}

/**
 * First and last name from a whole name, for a file that has only `name` (an export made before
 * it held both): split at the last space, so "Mary Ann Smith" is "Mary Ann" and "Smith". The
 * preview shows the result.
 */
function splitName(name: string): { firstName: string; lastName: string } {
  const at = name.lastIndexOf(' ');
  return at < 0 ? { firstName: name, lastName: '' } : { firstName: name.slice(0, at).trim(), lastName: name.slice(at + 1).trim() };
}

/** The file's text: UTF-8 without its byte-order mark. @throws 400 when it is not UTF-8 text */
function textOf(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text. Save it as "CSV UTF-8" or as the JSON of Export Now, and try again.');
  }
  if (text.includes('\0')) throw badRequest('The file is not text. Choose a CSV or JSON file.');
  if (text.trim() === '') throw badRequest('The file is empty.');
  return text;
}

/** The format the file's name says, or null when the name has no extension. @throws 400 for another kind of file */
function formatByName(fileName: string): 'csv' | 'json' | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'json') return 'json';
  if (extension === 'csv' || extension === 'txt' || extension === 'tsv') return 'csv';
  if (extension === undefined) return null;
  throw badRequest(`A .${extension} file cannot be imported. Choose a CSV file (.csv) or the JSON file of Export Now (.json).`);
}

/**
 * Reads an uploaded file into rows (docs/product.md#import).
 * @param file the uploaded file; its name's extension chooses the format (`.json`; `.csv`, `.txt`,
 *   `.tsv`), its content when it has none
 * @throws ApiError 413 `file_too_large` over 2 MB, 413 `too_many_rows` over 5,000 people; 400 with
 *   a message in words for a file that is empty, not UTF-8 text, of another kind, or not readable
 *   as CSV or JSON, a CSV without the needed columns, or a JSON file that is not a list
 */
export async function readImportFile(file: File): Promise<ParsedFile> {
  if (file.size > MAX_IMPORT_BYTES) throw fileTooLarge();
  const named = formatByName(file.name);
  const text = textOf(new Uint8Array(await file.arrayBuffer()));
  const format = named ?? (/^\s*[[{]/.test(text) ? 'json' : 'csv');
  const rows = format === 'json' ? readJson(text) : readCsv(text);
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows(rows.length);
  if (rows.length === 0) throw badRequest('The file holds no people: it has no rows after the header.');
  return { format, rows };
}

/** The delimiter the header line uses: a comma, or a semicolon or tab when the line has more of those (spreadsheets in some languages save so). */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'));
  const count = (character: string) => header.split(character).length - 1;
  const candidates = [',', ';', '\t'].map((character) => ({ character, n: count(character) }));
  const best = candidates.reduce((a, b) => (b.n > a.n ? b : a));
  return best.n > 0 ? best.character : ',';
}

/** A csv-parse failure in words, with its line. */
function csvFailure(error: CsvError): ApiError {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` (line ${line})` : '';
  const why: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'a quote is opened and never closed',
    INVALID_OPENING_QUOTE: 'a quote stands in the middle of a value; put the whole value in quotes and double the quote',
    CSV_INVALID_CLOSING_QUOTE: 'a closing quote is followed by more text; double a quote inside a quoted value',
  };
  return badRequest(`The CSV file could not be read${where}: ${why[error.code] ?? 'it is not valid CSV'}.`);
}

/** The CSV's records as arrays of trimmed cells, with the line each starts on. */
function csvRecords(text: string): { cells: string[]; line: number }[] {
  // One line ending for all: csv-parse counts lines reliably for `\n`, and no accepted value holds a line break.
  const normalised = text.replace(/\r\n?/g, '\n');
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parseCsv(normalised, {
      bom: true,
      delimiter: delimiterOf(normalised.replace(/^\uFEFF/, '')),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) throw csvFailure(error);
    throw error;
  }
  return parsed.map(({ record, info }) => ({
    cells: record,
    // `info.lines` is the line the record ends on; a quoted value may span lines.
    line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
  }));
}

/** The header's columns → their index. @throws 400 for a missing or repeated column */
function headerColumns(header: string[]): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    const column = COLUMNS[normaliseKey(name.replace(/^\uFEFF/, '')) as keyof typeof COLUMNS];
    if (!column) return;
    if (columns[column] !== undefined) throw badRequest(`The column "${name}" appears twice in the first line.`);
    columns[column] = index;
  });
  const missing: string[] = [];
  if (columns.email === undefined) missing.push('email');
  if (columns.role === undefined) missing.push('role');
  if (columns.name === undefined) {
    if (columns.firstName === undefined) missing.push('firstName');
    if (columns.lastName === undefined) missing.push('lastName');
  }
  if (missing.length > 0) {
    throw badRequest(`The file has no ${missing.map((name) => `"${name}"`).join(', ')} column${missing.length > 1 ? 's' : ''}. ${HEADER_HINT}`);
  }
  return columns;
}

/** The rows of a CSV with a header row. */
function readCsv(text: string): RawRow[] {
  const records = csvRecords(text);
  const [header, ...body] = records;
  if (!header) return [];
  const columns = headerColumns(header.cells);
  const width = header.cells.length;
  if (body.length > MAX_IMPORT_ROWS) throw tooManyRows(body.length);
  return body.map(({ cells, line }) => {
    const cell = (column: Column): string | null => {
      const index = columns[column];
      const value = index === undefined ? undefined : cells[index];
      return value === undefined ? null : restoreFormula(value);
    };
    const problems: string[] = [];
    if (cells.length > width && cells.slice(width).some((extra) => extra !== '')) {
      problems.push(`The row has ${cells.length} cells but the first line names ${width} columns: put a value that holds a comma in quotes.`);
    }
    return { row: line, ...namesOf(cell('firstName'), cell('lastName'), cell('name')), email: cell('email'), role: cell('role'), courses: splitCourses(cell('courses') ?? ''), problems };
  });
}

/** First and last name, from the two columns when the file has them, else from `name`. */
function namesOf(firstName: string | null, lastName: string | null, name: string | null): { firstName: string | null; lastName: string | null } {
  if (firstName !== null || lastName !== null || name === null) return { firstName, lastName };
  return splitName(name.trim());
}

/**
 * The line each element of a JSON array starts on (the text is valid JSON): a walk that counts
 * line breaks outside strings and notes where each value at depth 1 begins.
 */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectingElement = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '\n') {
      line += 1;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\uFEFF') continue;
    if (expectingElement && depth === 1 && ch !== ']') {
      lines.push(line);
      expectingElement = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth += 1;
      if (depth === 1) expectingElement = true;
    } else if (ch === ']' || ch === '}') depth -= 1;
    else if (ch === ',' && depth === 1) expectingElement = true;
  }
  return lines;
}

/** A JSON value as the cell of a column: text as it is, a number as text, anything else null with a problem. */
function jsonText(value: unknown, label: string, problems: string[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  problems.push(`${label} must be text.`);
  return null;
}

/** The course titles of a JSON row: an array of titles, or one text separated by `;`. */
function jsonCourses(value: unknown, problems: string[]): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return splitCourses(value);
  if (Array.isArray(value) && value.every((title) => typeof title === 'string')) return [...new Set(value.map((title) => title.trim()).filter((title) => title !== ''))];
  problems.push('Courses must be a list of course titles.');
  return [];
}

/** The rows of a JSON array of people (the export's `ExportRecord`s, or any objects with the columns' names as keys). */
function readJson(text: string): RawRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest('The JSON file could not be read: it is not valid JSON.');
  }
  if (!Array.isArray(parsed)) throw badRequest('The JSON file must be a list of people, as Export Now makes it: [{"firstName": …, "email": …}, …].');
  if (parsed.length > MAX_IMPORT_ROWS) throw tooManyRows(parsed.length);
  const lines = elementLines(text);
  return parsed.map((element: unknown, index) => {
    const row = lines[index] ?? index + 2;
    if (!element || typeof element !== 'object' || Array.isArray(element)) {
      return {
        row,
        firstName: null,
        lastName: null,
        email: null,
        role: null,
        courses: [],
        problems: ['Not a person: each entry must be an object with firstName, lastName, email and role.'],
      };
    }
    const fields = new Map<Column, unknown>();
    for (const [key, value] of Object.entries(element as Record<string, unknown>)) {
      const column = COLUMNS[normaliseKey(key) as keyof typeof COLUMNS];
      if (column) fields.set(column, value);
    }
    const problems: string[] = [];
    const names = namesOf(
      jsonText(fields.get('firstName'), 'The first name', problems),
      jsonText(fields.get('lastName'), 'The last name', problems),
      jsonText(fields.get('name'), 'The name', problems),
    );
    return {
      row,
      ...names,
      email: jsonText(fields.get('email'), 'The email', problems),
      role: jsonText(fields.get('role'), 'The role', problems),
      courses: jsonCourses(fields.get('courses'), problems),
      problems,
    };
  });
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/http/errors.js';
import { readImportFile, splitCourses } from './parse.js';

const fileOf = (content: string | Uint8Array, name = 'class.csv') => new File([content as Uint8Array<ArrayBuffer> | string], name);

describe('readImportFile (docs/product.md#import)', () => {
  it('gives each CSV row the line it starts on, also after a value that spans lines', async () => {
    const text = 'firstName,lastName,email,role\n\nAnn,"Two\nLines",ann@x.example,student\nBen,B,ben@x.example,teacher\n';
    const { rows } = await readImportFile(fileOf(text));
    expect(rows.map((row) => [row.row, row.firstName])).toEqual([
      [3, 'Ann'],
      [5, 'Ben'],
    ]);
  });

  it('gives each JSON entry the line it starts on, however the file is laid out', async () => {
    const people = [
      { firstName: 'Ann', lastName: 'A', email: 'ann@x.example', role: 3, courses: ['Debating'] },
      { firstName: 'Ben', lastName: 'B', email: 'ben@x.example', role: 'teacher' },
    ];
    const pretty = await readImportFile(fileOf(JSON.stringify(people, null, 2), 'user_data.json'));
    // "[" on line 1, Ann's object from line 2 (8 lines with its list), Ben's from line 11.
    expect(pretty.rows.map((row) => row.row)).toEqual([2, 11]);
    expect(pretty.rows[0]).toMatchObject({ firstName: 'Ann', role: '3', courses: ['Debating'], problems: [] });
    const oneLine = await readImportFile(fileOf(JSON.stringify(people), 'user_data.json'));
    expect(oneLine.rows.map((row) => row.row)).toEqual([1, 1]);
  });

  it('says what is wrong with a JSON entry of the wrong shape', async () => {
    const { rows } = await readImportFile(fileOf('[\n"Ann",\n{"firstName": ["A"], "lastName": "B", "email": "b@x.example", "role": 3, "courses": 7}\n]', 'x.json'));
    expect(rows[0]).toMatchObject({ row: 2, problems: ['Not a person: each entry must be an object with firstName, lastName, email and role.'] });
    expect(rows[1]).toMatchObject({ row: 3, firstName: null, problems: ['The first name must be text.', 'Courses must be a list of course titles.'] });
  });

  it('strips the quote the export puts before a value a spreadsheet would run', async () => {
    const { rows } = await readImportFile(fileOf("firstName,lastName,email,role\n'=Eve,'-Minus,eve@x.example,student\n"));
    expect(rows[0]).toMatchObject({ firstName: '=Eve', lastName: '-Minus' });
  });

  it('flags a row with more cells than the header names (an unquoted comma)', async () => {
    const { rows } = await readImportFile(fileOf('firstName,lastName,email,role\nAnn, Jr,Smith,ann@x.example,student\n'));
    expect(rows[0]?.problems).toEqual(['The row has 5 cells but the first line names 4 columns: put a value that holds a comma in quotes.']);
  });

  it('splits courses at ";", trimmed, without empty titles', () => {
    expect(splitCourses(' Debating ;; Storytelling;')).toEqual(['Debating', 'Storytelling']);
  });

  it('never fails on any text or bytes but with a 400 or 413 of its own', async () => {
    const header = fc.constantFrom('firstName,lastName,email,role,courses\n', 'email;role;name\n', '[', '', '{"a":');
    const content = fc.oneof(
      fc.tuple(header, fc.string({ unit: 'binary', maxLength: 300 })).map(([h, body]) => h + body),
      fc.uint8Array({ maxLength: 300 }),
      fc.json().map((json) => `[${json}]`),
    );
    await fc.assert(
      fc.asyncProperty(content, fc.constantFrom('a.csv', 'a.json', 'noextension', 'a.xlsx'), async (body, name) => {
        try {
          const { rows } = await readImportFile(fileOf(body, name));
          for (const row of rows) expect(row.row).toBeGreaterThanOrEqual(1);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect([400, 413]).toContain((error as ApiError).status);
        }
      }),
      { numRuns: 300 },
    );
  });
});

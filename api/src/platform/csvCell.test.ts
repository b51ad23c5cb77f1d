import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { neutralizeFormula, restoreFormula, SAFE_CSV_CAST } from './csvCell.js';

/** docs/product.md#csv-files: the one rule for every CSV cell the server writes. */
describe('the CSV cell rule', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['-x', "'-x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rReturn', "'\rReturn"],
    ['=HYPERLINK("https://evil.example","open")', '\'=HYPERLINK("https://evil.example","open")'],
    ['Ann', 'Ann'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j, and back', (input, output) => {
    expect(neutralizeFormula(input)).toBe(output);
    expect(restoreFormula(neutralizeFormula(input))).toBe(input);
  });

  it('is what csv-stringify writes with SAFE_CSV_CAST, quoting as RFC 4180 does', () => {
    expect(stringify([['=1+1', 'Ann', '@x,y']], { cast: SAFE_CSV_CAST })).toBe(`'=1+1,Ann,"'@x,y"\n`);
  });
});

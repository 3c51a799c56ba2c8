import { describe, expect, it } from 'vitest';
import { csvCell, csvEuros, csvLine, exportFilename } from './notification-csv';

describe('CSV cells (RFC 4180 with ";", formula guard)', () => {
  it.each([
    ['plain text stays as is', 'Gazelle fiets', 'Gazelle fiets'],
    ['a semicolon is quoted', 'fiets; blauw', '"fiets; blauw"'],
    ['a comma needs no quotes with ";" as separator', 'fiets, blauw', 'fiets, blauw'],
    ['a double quote is doubled inside quotes', 'de "beste" fiets', '"de ""beste"" fiets"'],
    ['a line feed is quoted', 'regel 1\nregel 2', '"regel 1\nregel 2"'],
    ['a CRLF is quoted', 'regel 1\r\nregel 2', '"regel 1\r\nregel 2"'],
    ['= gets an apostrophe', '=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+ gets an apostrophe', '+31 6 1234', "'+31 6 1234"],
    ['- gets an apostrophe', '-2+3', "'-2+3"],
    ['@ gets an apostrophe', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab gets an apostrophe', '\t=1', "'\t=1"],
    ['a formula character later on is harmless', 'a=b', 'a=b'],
    ['null is an empty cell', null, ''],
    ['undefined is an empty cell', undefined, ''],
    ['a number is written as is', 42, '42'],
    ['non-ASCII text stays UTF-8', 'Café één €', 'Café één €'],
  ])('%s', (_case, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('joins a line with ";" and ends it with CRLF', () => {
    expect(csvLine(['a', 'b;c', null, 3])).toBe('a;"b;c";;3\r\n');
  });

  it.each([
    [1250, '12,50'],
    [0, '0,00'],
    [5, '0,05'],
    [999999900, '9999999,00'],
    [null, ''],
  ])('euros %s → %s', (cents, expected) => {
    expect(csvEuros(cents)).toBe(expected);
  });

  it('names the file after the local (Amsterdam) date', () => {
    expect(exportFilename(new Date('2024-06-30T22:30:00Z'))).toBe(
      'prijsalarm-meldingen-2024-07-01.csv',
    );
  });
});

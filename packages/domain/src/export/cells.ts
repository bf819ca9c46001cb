/**
 * SECURITY 27 (issue 39, finding 6): the one helper every cell of a CSV, IIF or spreadsheet export goes through.
 *
 * OWASP's CSV-injection rule: a cell a spreadsheet would run as a formula (it begins with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe, and every cell is wrapped in double quotes with its quotes
 * doubled. Quoting every cell (not only those holding the separator) is what keeps the file safe whatever the
 * reader takes as separator: a spreadsheet set to ';' reads `"Caseport;=1+1"` as one text cell.
 *
 * A number the exporter wrote itself (an amount such as -12.50, a date) is `number`: quoted, never prefixed, so
 * a negative amount stays a number. Only strings matching a plain decimal are accepted as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export type ExportCell = string | { number: string };

/** A text cell: neutralised when it would start a formula, then quoted. */
export const textCell = (value: string): string => {
  const v = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${v.replace(/"/g, '""')}"`;
};

/** A cell the exporter computed (an amount, a date): quoted, not prefixed; anything else is treated as text. */
export const numberCell = (value: string): string => (PLAIN_NUMBER.test(value) ? `"${value}"` : textCell(value));

export const exportCell = (cell: ExportCell): string =>
  typeof cell === 'string' ? textCell(cell) : numberCell(cell.number);

/** One row: every cell through exportCell, joined by the format's separator (',', ';' or a tab for IIF). */
export const exportRow = (cells: readonly ExportCell[], separator: ',' | ';' | '\t'): string =>
  cells.map(exportCell).join(separator);

/** Reads one row back as a spreadsheet would (RFC 4180 quoting): for tests and for checking a file. */
export const readRow = (line: string, separator: string): string[] => {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          v += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else v += line[i++];
      }
      out.push(v);
      i++; // the separator
    } else {
      const end = line.indexOf(separator, i);
      const stop = end < 0 ? line.length : end;
      out.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return out;
};

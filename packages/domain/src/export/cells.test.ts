import { describe, expect, it } from 'vitest';
import { exportCell, exportRow, numberCell, readRow, textCell } from './cells';

describe('export cells (SECURITY 27, issue 39)', () => {
  it('issue 39: a leading =, +, -, @, tab or CR is neutralised with an apostrophe, and every cell is quoted', () => {
    expect(textCell("+cmd|' /C calc'!A0")).toBe(`"'+cmd|' /C calc'!A0"`);
    expect(textCell('=1+1')).toBe(`"'=1+1"`);
    expect(textCell('@SUM(1)')).toBe(`"'@SUM(1)"`);
    expect(textCell('-1+2')).toBe(`"'-1+2"`);
    expect(textCell('\t=1')).toBe(`"'\t=1"`);
    expect(textCell('\r=1')).toBe(`"'\r=1"`);
    expect(textCell('Caseport')).toBe('"Caseport"');
    expect(textCell('say "hi"')).toBe('"say ""hi"""');
    expect(textCell('')).toBe('""');
  });

  it('issue 39: an amount the exporter wrote stays a number (quoted, not prefixed); anything else is text', () => {
    expect(numberCell('-12.50')).toBe('"-12.50"');
    expect(exportCell({ number: '199.30' })).toBe('"199.30"');
    expect(exportCell({ number: '-1+1' })).toBe(`"'-1+1"`);
  });

  it("issue 39: with ',' and ';' separators a row reads back cell for cell, none a formula", () => {
    const cells = ['Caseport;=1+1', "+cmd|' /C calc'!A0", '=1+1', '@SUM(1)', 'a,b', 'x"y'];
    for (const sep of [',', ';'] as const) {
      const line = exportRow(cells, sep);
      const back = readRow(line, sep);
      expect(back).toEqual(['Caseport;=1+1', "'+cmd|' /C calc'!A0", "'=1+1", "'@SUM(1)", 'a,b', 'x"y']);
      // Read with the other separator too: a quoted cell never splits into a live formula.
      for (const cell of readRow(line, sep === ',' ? ';' : ',')) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });
});

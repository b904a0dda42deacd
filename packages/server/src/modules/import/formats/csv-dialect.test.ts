import { describe, expect, it } from 'vitest';
import { detectLayout, scanHead } from './csv-dialect.js';

const layoutOf = (text: string) => {
  const { records } = scanHead(text);
  const layout = detectLayout(records);
  return layout && { delimiter: layout.delimiter, line: records[layout.first]?.line };
};

describe('scanHead', () => {
  it('counts delimiters outside quotes and lines inside them', () => {
    const { records, text } = scanHead('a,"b,c"\r\n"x\r\ny",z,\n\n  ;  \nlast;1');
    expect(records).toEqual([
      { line: 1, counts: [0, 1, 0, 0], blank: false },
      { line: 2, counts: [0, 2, 0, 0], blank: false },
      { line: 4, counts: [0, 0, 0, 0], blank: true },
      { line: 5, counts: [1, 0, 0, 0], blank: true },
      { line: 6, counts: [1, 0, 0, 0], blank: false },
    ]);
    expect(text).toBe('a,"b,c"\r\n"x\r\ny",z,\n\n  ;  \nlast;1');
  });

  it('keeps a stray quote inside a title line as text, and reads doubled quotes', () => {
    const { records } = scanHead('Inhaber: Max "Mac" Muster;x\n"say ""hi"", ok";1\n');
    expect(records.map((r) => r.counts[0])).toEqual([1, 1]);
  });

  it('stops after the line limit at a record boundary, never inside a quoted field', () => {
    const { records, text } = scanHead('h;i\n1;2\n"open\nstill;open";3\n4;5\n', 3);
    expect(records.map((r) => r.line)).toEqual([1, 2, 3]);
    expect(text).toBe('h;i\n1;2\n"open\nstill;open";3\n');
    const cut = scanHead('h;i\n1;"never closed\n2;3\n', 10);
    expect(cut.records.map((r) => r.line)).toEqual([1]);
    expect(cut.text).toBe('h;i\n');
  });
});

describe('detectLayout', () => {
  it('finds the header below title lines with another delimiter count', () => {
    const dkb = [
      '"Kontonummer:";"DE12 1203 0000 1020 3040 50";',
      '',
      '"Von:";"01.01.2026";',
      '"Bis:";"31.01.2026";',
      '',
      '"Buchungstag";"Betrag (€)";"Verwendungszweck";',
      '"02.01.2026";"-4,50";"Brötchen";',
      '"03.01.2026";"1.234,56";"Gehalt";',
      '',
      '"Kontostand vom 31.01.2026:";"2.345,67 €";',
    ].join('\r\n');
    expect(layoutOf(dkb)).toEqual({ delimiter: ';', line: 6 });
  });

  it('prefers ";" in every line over the decimal comma in one column', () => {
    expect(layoutOf('Datum;Text;Betrag\n02.01.2026;Brot;-4,50\n03.01.2026;Miete;-800,00\n')).toEqual({
      delimiter: ';',
      line: 1,
    });
  });

  it('reads ",", tab and "|" files, quoted delimiters aside', () => {
    expect(layoutOf('Date,Description,Amount\n01/02/2026,"Coffee, large","1,234.56"\n')).toEqual({
      delimiter: ',',
      line: 1,
    });
    expect(layoutOf('Date\tText\tAmount\n2026-01-02\tA, B; C\t-1\n2026-01-03\tD\t2\n')).toEqual({
      delimiter: '\t',
      line: 1,
    });
    expect(layoutOf('Date|Text|Amount\n2026-01-02|A, B|-1,5\n')).toEqual({ delimiter: '|', line: 1 });
  });

  it('tolerates a stray malformed row and trailing summary lines', () => {
    const rows = Array.from({ length: 20 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')},Shop,-${i}.00`);
    rows.splice(10, 0, '2026-01-11,Shop, with comma,-1.00');
    expect(layoutOf(['Date,Text,Amount', ...rows, 'Total,,-190.00,EUR,x'].join('\n'))).toEqual({
      delimiter: ',',
      line: 1,
    });
  });

  it('finds no table in prose or a single line, and uses a given delimiter only', () => {
    expect(layoutOf('Hello.\nThis is a letter.\n')).toBeNull();
    expect(layoutOf('Date,Amount')).toBeNull();
    const { records } = scanHead('a;b,c\n1;2,3\n');
    expect(detectLayout(records, ',')).toEqual({ delimiter: ',', first: 0 });
    expect(detectLayout(records, '|')).toBeNull();
  });
});

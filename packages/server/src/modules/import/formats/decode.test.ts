import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decode } from './decode.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/encodings/${name}`, import.meta.url)));
const bytes = (...values: number[]) => new Uint8Array(values);

describe('decode', () => {
  it('reads UTF-8 and strips its BOM', () => {
    const { text, encoding } = decode(fixture('n26-utf8-bom.csv'));
    expect(encoding).toBe('utf-8');
    expect(text.startsWith('"Date","Payee"')).toBe(true);
    expect(text).toContain('Café de l’Église');
    expect(text).toContain('Dîner 🍝 merci');
    expect(decode(new TextEncoder().encode('Grüße'))).toEqual({ text: 'Grüße', encoding: 'utf-8' });
  });

  it('reads UTF-16 by its BOM, either byte order, and strips the BOM', () => {
    const { text, encoding } = decode(fixture('excel-unicode-text-utf16le-bom.txt'));
    expect(encoding).toBe('utf-16le');
    expect(text.split('\r\n')[0]).toBe('Date\tDescription\tAmount');
    expect(text).toContain('Łukasz Nowak — refund');
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Zoë €', 'utf16le').swap16()]);
    expect(decode(new Uint8Array(be))).toEqual({ text: 'Zoë €', encoding: 'utf-16be' });
  });

  it('recognises UTF-16 without a BOM by its zero bytes', () => {
    const text = 'Date;Amount\n02.01.2026;-4,50\n';
    expect(decode(new Uint8Array(iconv.encode(text, 'utf-16le')))).toEqual({ text, encoding: 'utf-16le' });
    expect(decode(new Uint8Array(iconv.encode(text, 'utf-16be')))).toEqual({ text, encoding: 'utf-16be' });
  });

  it('takes Windows-1252 when bytes 0x80–0x9F occur: 0x80 is €, not a control character', () => {
    const { text, encoding } = decode(fixture('de-dkb-windows-1252.csv'));
    expect(encoding).toBe('windows-1252');
    expect(text).toContain('"Betrag (€)"');
    expect(text).toContain('Bäckerei Müller GmbH');
    expect(text).toContain('Jörg Weiß');
    expect(text).toContain('Strom Abschlag „Januar“');
    expect(text).toContain('Miete Januar 2026 – Wohnung 3');
    expect(text).not.toMatch(/[\u0080-\u009f\ufffd]/);
  });

  it('looks for bytes 0x80–0x9F in the whole file, not only in what chardet samples', () => {
    const line = 'Date;Libellé;Montant\n02/01/2026;Carte Boulangerie Élodie à Paris;-4,50\n';
    const text = `${line.repeat(1200)}03/01/2026;Café €;-1,00\n`;
    const decoded = decode(new Uint8Array(iconv.encode(text, 'windows-1252')));
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text.endsWith('Café €;-1,00\n')).toBe(true);
  });

  it('takes ISO-8859-1 for Latin-1 text without such bytes', () => {
    const latin1 = iconv.encode('Date;Libellé;Montant\n02/01/2026;Carte Boulangerie Élodie à Paris;-4,50\n', 'latin1');
    const { text, encoding } = decode(new Uint8Array(latin1));
    expect(encoding).toBe('iso-8859-1');
    expect(text).toContain('Élodie à Paris');
  });

  it('takes ISO-8859-2 when chardet recognises Central European text', () => {
    const { text, encoding } = decode(fixture('pl-iso-8859-2.csv'));
    expect(encoding).toBe('iso-8859-2');
    expect(text).toContain('#Tytuł');
    expect(text).toContain('PRZEDSIĘBIORSTWO ŚLĘŻA SP. Z O.O.');
    expect(text).toContain('Żabka Łódź');
    expect(text).toContain('SPÓŁDZIELNIA MIESZKANIOWA ŹRÓDŁO');
  });

  it('lets a given encoding override detection', () => {
    const euro = bytes(0x80, 0x31);
    expect(decode(euro, 'windows-1252')).toEqual({ text: '€1', encoding: 'windows-1252' });
    expect(decode(euro, 'iso-8859-1')).toEqual({ text: '\u00801', encoding: 'iso-8859-1' });
    // Valid UTF-8 read as Windows-1252 because the caller says so.
    expect(decode(bytes(0xc3, 0xa4), 'windows-1252')).toEqual({ text: 'Ã¤', encoding: 'windows-1252' });
    expect(decode(bytes(0xef, 0xbb, 0xbf, 0x41), 'utf-8')).toEqual({ text: 'A', encoding: 'utf-8' });
    expect(decode(bytes(0xff, 0xfe, 0x41, 0x00), 'utf-16le')).toEqual({ text: 'A', encoding: 'utf-16le' });
  });

  it('does not take text with invalid UTF-8 sequences for UTF-8', () => {
    // "Müller" in Windows-1252 is not valid UTF-8 (0xFC alone).
    const { text, encoding } = decode(bytes(0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0x80));
    expect(encoding).not.toBe('utf-8');
    expect(text).toBe('Müller;€');
  });
});

import { describe, expect, it } from 'vitest';
import { detectFormat, hasBinarySignature, hasNulCharacters, isCamt052 } from './detect.js';

const OFX_SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260131</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102<TRNAMT>-5.75<FITID>1<NAME>STARBUCKS</STMTTRN></BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;

const OFX_XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR</CURDEF></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

// A QFX (Quicken's OFX) without the SGML header some banks drop.
const QFX_NO_HEADER = `<OFX>
<SIGNONMSGSRSV1><SONRS><INTU.BID>10898</SONRS></SIGNONMSGSRSV1>
</OFX>`;

const camt = (message: string, version: string, root: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.${message}.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <${root}><GrpHdr><MsgId>1</MsgId></GrpHdr></${root}>
</Document>`;

const CAMT_NO_NAMESPACE = `<?xml version="1.0"?>
<Document><BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr></BkToCstmrStmt></Document>`;

const CAMT_052_PREFIXED = `<?xml version="1.0"?>
<ns2:Document xmlns:ns2="urn:example"><ns2:BkToCstmrAcctRpt><ns2:GrpHdr/></ns2:BkToCstmrAcctRpt></ns2:Document>`;

const MT940 = `:20:STARTUMS
:25:10020030/1234567
:28C:00001/001
:60F:C260101EUR1234,56
:61:2601020102DR4,50NMSCNONREF
:86:005?00Lastschrift?20Baeckerei
:62F:C260131EUR1230,06
-`;

const MT940_SWIFT = `{1:F01DEUTDEFFAXXX0000000000}{2:O9401200260131DEUTDEFFAXXX00000000002601311200N}{4:
:20:940-2026-01
:25:DE89370400440532013000
:28C:1/1
:60M:C260101EUR0,00
:62M:C260131EUR0,00
-}`;

const QIF = `!Type:Bank
D01/02/2026
T-5.75
PSTARBUCKS
^
`;

const QIF_ACCOUNT = `!Account
NChecking
TBank
^
!Type:Bank
D1/2'26
T-5.75
^`;

const CSV = `Date,Description,Amount
2026-01-02,Coffee,-4.50
2026-01-03,Salary,2500.00
`;

describe('detectFormat', () => {
  it.each([
    ['OFX 1.x SGML', OFX_SGML, 'ofx'],
    ['OFX 2.x XML', OFX_XML, 'ofx'],
    ['QFX without header', QFX_NO_HEADER, 'ofx'],
    ['CAMT.053.001.02', camt('053', '02', 'BkToCstmrStmt'), 'camt053'],
    ['CAMT.053.001.08', camt('053', '08', 'BkToCstmrStmt'), 'camt053'],
    ['CAMT.052.001.02', camt('052', '02', 'BkToCstmrAcctRpt'), 'camt052'],
    ['CAMT.052.001.08', camt('052', '08', 'BkToCstmrAcctRpt'), 'camt052'],
    ['CAMT without namespace', CAMT_NO_NAMESPACE, 'camt053'],
    ['CAMT.052 with prefixed elements', CAMT_052_PREFIXED, 'camt052'],
    ['MT940', MT940, 'mt940'],
    ['MT940 in a SWIFT envelope', MT940_SWIFT, 'mt940'],
    ['MT940 with CRLF', MT940.replace(/\n/g, '\r\n'), 'mt940'],
    ['QIF', QIF, 'qif'],
    ['QIF with an account list', QIF_ACCOUNT, 'qif'],
    ['QIF with an option line', '!Option:AutoSwitch\n!Account\nNChecking\n^\n', 'qif'],
    ['CSV', CSV, 'csv'],
    ['CSV with title lines', '"Konto:";"DE12"\n\nDatum;Betrag\n02.01.2026;-4,50\n03.01.2026;12,00\n', 'csv'],
    ['TSV', 'Date\tAmount\n2026-01-02\t-4.50\n', 'csv'],
  ])('%s', (_name, text, format) => {
    expect(detectFormat(text)).toBe(format);
  });

  it.each([
    ['prose', 'Dear customer,\nyour statement is attached.\nKind regards\n'],
    ['one line', 'Date,Amount'],
    ['a CAMT.054 notification', camt('054', '08', 'BkToCstmrDbtCdtNtfctn')],
    [
      'a SEPA payment order',
      '<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>',
    ],
    ['HTML', '<!DOCTYPE html>\n<html><body><table><tr><td>a,b</td></tr></table></body></html>'],
    ['JSON', '[\n{"date": "2026-01-02", "amount": -4.5},\n{"date": "2026-01-03", "amount": 12}\n]'],
    ['an MT940 fragment without balances', ':20:X\n:86:text\n'],
  ])('finds no format in %s', (_name, text) => {
    expect(detectFormat(text)).toBeNull();
  });

  it('tells CAMT.052 from .053', () => {
    expect(isCamt052(camt('052', '02', 'BkToCstmrAcctRpt'))).toBe(true);
    expect(isCamt052(camt('053', '02', 'BkToCstmrStmt'))).toBe(false);
    expect(isCamt052(CAMT_052_PREFIXED)).toBe(true);
    expect(isCamt052(CAMT_NO_NAMESPACE)).toBe(false);
  });
});

describe('binary content', () => {
  it('recognises PDF, ZIP (XLSX), old Excel and images by their first bytes', () => {
    const start = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
    expect(hasBinarySignature(start('%PDF-1.4\n%\xe2\xe3\xcf\xd3'))).toBe(true);
    expect(hasBinarySignature(start('PK\x03\x04\x14\x00\x06\x00'))).toBe(true);
    expect(hasBinarySignature(start('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1'))).toBe(true);
    expect(hasBinarySignature(start('\x89PNG\r\n\x1a\n'))).toBe(true);
    expect(hasBinarySignature(start('Date,Amount\n'))).toBe(false);
    expect(hasBinarySignature(start('PK'))).toBe(false);
  });

  it('sees NUL characters in decoded text', () => {
    expect(hasNulCharacters('abc\u0000def')).toBe(true);
    expect(hasNulCharacters('Date,Amount\n')).toBe(false);
  });
});

import { parseCamt } from './camt.js';
import { parseOfx } from './ofx.js';
import { parseMt940 } from './mt940.js';
import { parseQif } from './qif.js';
const N = 100_000;
{
  const parts = ['<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>DE1</IBAN></Id><Ccy>EUR</Ccy></Acct>'];
  for (let i = 0; i < N; i++) parts.push(`<Ntry><NtryRef>${i}</NtryRef><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt><ValDt><Dt>2024-01-02</Dt></ValDt><AcctSvcrRef>REF${i}</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><EndToEndId>E2E${i}</EndToEndId></Refs><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><RltdPties><Cdtr><Pty><Nm>Shop &amp; Co ${i}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct></RltdPties><RmtInf><Ustrd>Invoice ${i} thanks for your order</Ustrd></RmtInf></TxDtls></NtryDtls><AddtlNtryInf>SEPA Ueberweisung</AddtlNtryInf></Ntry>\n`);
  parts.push('</Stmt></BkToCstmrStmt></Document>');
  const s = parts.join('');
  const t = Date.now(); const r = parseCamt(s); console.log('camt MB', (s.length / 1e6).toFixed(1), 'ms', Date.now() - t, r.rows.length, r.rows[N - 1]);
}
{
  const parts = ['OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>42</BANKACCTFROM><BANKTRANLIST>\n'];
  for (let i = 0; i < N; i++) parts.push(`<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240102120000.000[+1:CET]\n<TRNAMT>-12.50\n<FITID>${i}\n<NAME>Shop &amp; Co ${i}\n<MEMO>Invoice ${i} thanks\n</STMTTRN>\n`);
  parts.push('</BANKTRANLIST><LEDGERBAL><BALAMT>1<DTASOF>20240102</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>');
  const s = parts.join('');
  const t = Date.now(); const r = parseOfx(s); console.log('ofx MB', (s.length / 1e6).toFixed(1), 'ms', Date.now() - t, r.rows.length, r.rows[N - 1]);
}
{
  const parts = [':20:X\n:25:DE1\n:60F:C240101EUR0,00\n'];
  for (let i = 0; i < N; i++) parts.push(`:61:2401020102DR12,50NMSCNONREF//B${i}\n:86:005?00KARTENZAHLUNG?20SVWZ+Baeckerei Mueller Fili?21ale ${i}?32BAECKEREI\n`);
  parts.push(':62F:C240102EUR0,00\n-');
  const s = parts.join('');
  const t = Date.now(); const r = parseMt940(s); console.log('mt940 MB', (s.length / 1e6).toFixed(1), 'ms', Date.now() - t, r.rows.length);
}
{
  const parts = ['!Type:Bank\n'];
  for (let i = 0; i < N; i++) parts.push(`D01/02/2026\nT-1,250.00\nPShop ${i}\nMMemo\n^\n`);
  const s = parts.join('');
  const t = Date.now(); const r = parseQif(s); console.log('qif MB', (s.length / 1e6).toFixed(1), 'ms', Date.now() - t, r.rows.length);
}

import { parseCamt } from './camt.js';
const N = 100_000;
const parts = ['<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>DE1</IBAN></Id><Ccy>EUR</Ccy></Acct>'];
for (let i = 0; i < N; i++) parts.push(`<Ntry><NtryRef>${i}</NtryRef><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt><ValDt><Dt>2024-01-02</Dt></ValDt><AcctSvcrRef>REF${i}</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><EndToEndId>E2E${i}</EndToEndId></Refs><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><RltdPties><Cdtr><Pty><Nm>Shop &amp; Co ${i}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct></RltdPties><RmtInf><Ustrd>Invoice ${i} thanks for your order</Ustrd></RmtInf></TxDtls></NtryDtls><AddtlNtryInf>SEPA Ueberweisung</AddtlNtryInf></Ntry>\n`);
parts.push('</Stmt></BkToCstmrStmt></Document>');
const s = parts.join('');
const t = Date.now(); parseCamt(s); console.log(Date.now() - t);

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_USER } from '../e2e-env.js';
import { DashboardPage } from '../pages/dashboard.js';
import { ImportPage } from '../pages/import.js';
import { ManagePage } from '../pages/manage.js';
import { FrontPage } from '../pages/public.js';
import { Registration } from '../pages/registration.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf, type PageApi } from '../support/api.js';
import { pageToken, referralCodeOf, verificationCodeFor } from '../support/server.js';
import { uniqueEmail } from '../support/users.js';
import { picture } from '../support/pictures.js';

// Issue 32, "a real first week": a newcomer signs up with the bank's balance as the start balance,
// brings three banks' history in on day one (a CAMT into the default pocket, a USD OFX through the
// page's "create a pocket" offer, a CSV with a balance column into a second EUR pocket that
// received a transfer from the first), fixes a category, and every figure is the banks' own.

const DAY = 86_400_000;
/** The UTC day `n` days before today, as YYYY-MM-DD. */
const iso = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const compact = (n: number) => iso(n).replaceAll('-', '');

/** A CAMT.053 statement: opening 1 300.00, closing 2 450.30 yesterday (the start balance). */
function camt(): { name: string; mimeType: string; buffer: Buffer } {
  const entry = (ref: string, amount: string, sign: 'CRDT' | 'DBIT', day: number, party: string, text: string) => `
      <Ntry>
        <NtryRef>${ref}</NtryRef>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>${sign}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${iso(day)}</Dt></BookgDt>
        <ValDt><Dt>${iso(day)}</Dt></ValDt>
        <AcctSvcrRef>FW-${ref}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><${sign === 'CRDT' ? 'Dbtr' : 'Cdtr'}><Nm>${party}</Nm></${sign === 'CRDT' ? 'Dbtr' : 'Cdtr'}></RltdPties>
          <RmtInf><Ustrd>${text}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
  const balance = (code: string, amount: string, day: number) => `
      <Bal>
        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>${iso(day)}</Dt></Dt>
      </Bal>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>FIRSTWEEK</MsgId><CreDtTm>${iso(0)}T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>FIRSTWEEK-1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      ${balance('OPBD', '1300.00', 46)}
      ${balance('CLBD', '2450.30', 1)}
      ${entry('1', '3000.00', 'CRDT', 45, 'Arbeitgeber GmbH', 'Gehalt')}
      ${entry('2', '1200.00', 'DBIT', 40, 'Hausverwaltung Berg', 'Miete')}
      ${entry('3', '500.00', 'DBIT', 20, 'Erika Mustermann', 'Transfer to savings')}
      ${entry('4', '85.40', 'DBIT', 10, 'REWE Markt', 'Einkauf')}
      ${entry('5', '64.30', 'DBIT', 5, 'Stadtwerke', 'Abschlag Strom')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
  return { name: 'girokonto.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) };
}

/** A US bank's OFX: 3 152.52 USD at its end, from nothing. */
function ofx(): { name: string; mimeType: string; buffer: Buffer } {
  const row = (id: string, amount: string, day: number, name: string) =>
    `<STMTTRN>\n<TRNTYPE>${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${compact(day)}\n<TRNAMT>${amount}\n<FITID>${id}\n<NAME>${name}\n</STMTTRN>`;
  const text = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1
<STMTRS>
<CURDEF>USD
<BANKACCTFROM>
<BANKID>121000248
<ACCTID>4432100
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>${compact(31)}
<DTEND>${compact(1)}
${row('US1', '3000.00', 30, 'Consulting client')}
${row('US2', '-47.48', 12, 'Grocery Outlet')}
${row('US3', '200.00', 6, 'Refund')}
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>3152.52
<DTASOF>${compact(1)}
</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`;
  return { name: 'us-checking.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(text) };
}

/** The savings bank's CSV with a running balance: 1 000.00 before, the transfer, interest. */
function savingsCsv(): { name: string; mimeType: string; buffer: Buffer } {
  const lines = [
    'Date,Description,Amount,Balance',
    `${iso(19)},Transfer from checking,500.00,1500.00`,
    `${iso(3)},Interest,2.15,1502.15`,
  ];
  return { name: 'savings.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

/** Signs up through the web with the bank's balance as the start balance. */
async function signUp(page: Page, email: string): Promise<void> {
  const reg = new Registration(page);
  const front = new FrontPage(page);
  await front.goto();
  await front.signUpLink.click();
  await reg.fillSignup(email, 'Newcomer-pass-1');
  await reg.submitSignup();
  await reg.expectStep('verify-email');
  await reg.verifyEmail(await verificationCodeFor(email));
  await reg.expectStep('verify-referral');
  await reg.enterReferral(await referralCodeOf(E2E_USER.email, E2E_USER.password));
  await reg.expectStep('initial-data');
  await reg.fillInitialData({
    firstName: 'Wren',
    lastName: 'Week',
    currency: 'EUR',
    currencyLabel: 'EUR · Euro',
    startBalance: '2450.30',
  });
  await reg.save();
  await expect(page).toHaveURL(/\/private\/dashboard$/);
}

/** Reads a file into a pocket with its balances as fixpoints, through the Import page. */
async function importWithAnchors(imp: ImportPage, file: { name: string; mimeType: string; buffer: Buffer }) {
  await imp.upload(file);
  await expect(imp.rows.first()).toBeVisible();
  await imp.saveClosingBalance.check();
  await expect(imp.saveClosingBalance).toBeChecked();
}

interface Fixpoint {
  id: number;
}
interface ErrorLine {
  currency: string;
  stated: number;
  calculated: number;
  error: number;
  opening?: boolean;
}

/** Every fixpoint's error lines, oldest fixpoint first. */
async function fixpointErrors(api: PageApi): Promise<ErrorLine[][]> {
  const all = await api.post<Fixpoint[]>('fixpoint/getbetween', {
    start: '2000-01-01T00:00:00Z',
    end: new Date(Date.now() + DAY).toISOString(),
  });
  const out: ErrorLine[][] = [];
  for (const f of all) out.push((await api.get<{ errors: ErrorLine[] }>(`fixpoint/getbyid/${f.id}`)).errors);
  return out;
}

test('a first week: start balance, three banks’ history on day one, a category fixed, and the banks’ figures everywhere', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail(testInfo, 'first-week'));
  const imp = new ImportPage(page);

  // 1. The checking account's CAMT into the default pocket: its closing balance is the start balance.
  await imp.goto();
  await expect(imp.pocket).toHaveValue('Default pocket EUR (EUR)');
  await importWithAnchors(imp, camt());
  await expect(imp.anchorCheck('agrees')).toContainText('agree: no error');
  await imp.commit();

  // 2. The US bank's OFX: no pocket holds USD, so the page offers one and reads the file into it.
  await imp.goto();
  await imp.upload(ofx());
  await expect(imp.pocketOffer('USD')).toContainText('None of your pockets holds USD');
  await imp.createOfferedPocket('USD');
  await expect(imp.destination).toContainText('USD account');
  await expect(imp.rows).toHaveCount(3);
  await imp.saveClosingBalance.check();
  await imp.commit();

  // 3. A savings account in EUR (made under Manage in real life), and its CSV with a balance column:
  // the 500.00 from checking is one transfer between the two pockets.
  const api = await apiOf(page);
  await api.post('pocket/add', { name: 'Savings', currency: 'EUR', isCash: false });
  await imp.goto();
  await imp.choosePocket('Savings (EUR)');
  await importWithAnchors(imp, savingsCsv());
  await expect(imp.rowWith('Transfer from checking')).toContainText(/transfer/i);
  await imp.commit();
  await expect(imp.result('transfers')).toContainText('1');
  await expect(imp.result('fixpoint')).toContainText('saved');

  // 4. A category fixed on an imported row before every fixpoint: no warning, no question.
  const rows = await api.post<{ id: number; description: string }[]>('transaction/getfiltered', {
    interval: { start: `${iso(60)}T00:00:00Z`, end: new Date().toISOString() },
  });
  const power = rows.find((r) => r.description.includes('Stadtwerke'));
  expect(power).toBeDefined();
  const t = new Transactions(page);
  await page.goto(`/private/edit-transaction/${power?.id ?? 0}`);
  await expect(t.amount).toHaveValue('64.3');
  await t.pick('Category', 'Other expense');
  await t.save();
  await expect(new Toasts(page).message('Transaction edited')).toBeVisible();
  await expect(t.dialog).toHaveCount(0);

  // 5. The books are the banks': pockets at their closing balances, every later statement without
  // an error (each bank's opening is named as the money the books start with), no dip.
  const pockets = await api.get<{ name: string; currency: string; balance: number }[]>('pocket/getall');
  expect(pockets.map((p) => [p.name, p.currency, p.balance]).sort()).toEqual(
    [
      ['Default pocket EUR', 'EUR', 2450.3],
      ['Savings', 'EUR', 1502.15],
      ['USD account', 'USD', 3152.52],
    ].sort(),
  );
  const errors = (await fixpointErrors(api)).flat();
  expect(errors.filter((e) => e.opening !== true && e.error !== 0)).toEqual([]);
  expect(
    errors
      .filter((e) => e.opening === true)
      .map((e) => [e.currency, e.stated])
      .sort(),
  ).toEqual(
    [
      ['EUR', 1000],
      ['EUR', 1300],
    ].sort(),
  );
  const holdings = await api.post<{ currency: string; amount: number }[]>('analytics/holdings', iso(0));
  expect(holdings.map((h) => [h.currency, h.amount]).sort()).toEqual([
    ['EUR', 3952.45],
    ['USD', 3152.52],
  ]);

  // The dashboard and the pockets page say the same.
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.showing('3,952.45 €').or(dashboard.showing('3 952.45 €')).first()).toBeVisible();
  await page.goto('/private/manage/pocket');
  const manage = new ManagePage(page);
  await expect(manage.pocketGroup('EUR')).toContainText(/3[ ,]952\.45 €/);
  await expect(manage.pocketGroup('USD')).toContainText(/3[ ,]152\.52/);
  await picture(page, testInfo.outputPath('pockets.png'));

  // 6. hledger reads the export: every balance assertion holds, and its balances are the banks'.
  const token = await pageToken(page);
  const res = await page.request.get('/api/export/hledger', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-first-week-'));
  try {
    const file = path.join(dir, 'books.journal');
    writeFileSync(file, await res.text());
    const check = spawnSync('hledger', ['-f', file, 'check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const bal = spawnSync('hledger', ['-f', file, 'bal', 'assets', '--flat', '--no-total'], { encoding: 'utf8' });
    expect(
      bal.stdout
        .trim()
        .split('\n')
        .map((l) => l.trim().replace(/\s+/g, ' ')),
    ).toEqual(['3952.45 EUR assets:EUR', '3152.52 USD assets:USD']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

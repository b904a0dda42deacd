import { expect, test, type Page } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { DashboardPage } from '../pages/dashboard.js';
import { ImportPage } from '../pages/import.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

/** A UTC day `daysAgo` before today as a German bank writes it (DD.MM.YYYY). */
function germanDay(daysAgo: number): string {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/**
 * A German bank's export: ';' between fields, decimal comma, a thousands point, Windows-1252
 * umlauts, the booking day ("Buchungstag", yesterday) and the value day ("Wertstellung", today).
 * Detection takes the booking day; the journey maps the value day instead, so the rows fall into
 * this month whatever day it is.
 */
function germanCsv(): { name: string; mimeType: string; buffer: Buffer } {
  const booked = germanDay(1);
  const valued = germanDay(0);
  const lines = [
    'Buchungstag;Wertstellung;Empfänger;Verwendungszweck;Betrag;Währung',
    `${booked};${valued};REWE Markt;Einkauf Lebensmittel;-23,45;EUR`,
    `${booked};${valued};Stadtwerke München;Abschlag Strom;-61,00;EUR`,
    `${booked};${valued};Café Central;Kaffee;-3,50;EUR`,
    `${booked};${valued};ACME GmbH;Gehalt;2.500,00;EUR`,
  ];
  return { name: 'umsatz.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1') };
}

/** Serious and critical axe findings on the page as it is now, as readable lines: none. */
async function expectNoSeriousA11yProblems(page: Page): Promise<void> {
  // Toasts go first: their close button (unnamed) is the app's, not this screen's.
  await expect(new Toasts(page).all).toHaveCount(0, { timeout: 10_000 });
  await untilStill(page);
  const results = await axeOf(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

/** A small German CSV of the given rows (day, payee, text, amount), dated `daysAgo`. */
function germanRows(name: string, rows: [string, string, string][], daysAgo = 1) {
  const lines = [
    'Buchungstag;Empfänger;Verwendungszweck;Betrag;Währung',
    ...rows.map(([payee, text, amount]) => `${germanDay(daysAgo)};${payee};${text};${amount};EUR`),
  ];
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`, 'utf8') };
}

/** The dashboard's figure of this month's spending, as shown. */
async function spending(page: Page): Promise<string> {
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const figure = dashboard.figure('Spending');
  await expect(figure).toBeVisible();
  return (await figure.textContent()) ?? '';
}

/** The import screens are the first journey's: the journeys of what rows become run at desktop width only. */
const AT_DESKTOP = 'the same screens as the first import, at desktop width';

test('import a German CSV with one column mapped by hand, fix a category, see the rows, then undo', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await freshUser(page, testInfo, 'import');
  const api = await apiOf(page);
  await api.post('category/add', { name: 'Groceries', type: 'real', isIncome: false });
  expect(await spending(page)).toBe('0.00 €');

  // From the transaction list, beside Export CSV.
  const list = new Transactions(page);
  await list.gotoList();
  await list.importLink.click();
  const imp = new ImportPage(page);
  await expect(imp.heading).toBeVisible();
  // The new user's only pocket is chosen already.
  await expect(imp.pocket).toHaveValue('Default pocket EUR (EUR)');

  await imp.upload(germanCsv());
  await expect(imp.counts).toHaveText('4 new · 0 duplicates · 0 errors');
  await expect(imp.destination).toHaveText('Into Default pocket EUR');
  await picture(page, testInfo.outputPath('import-first-preview.png'), { fullPage: false });
  await imp.showSettings();
  // What detection found: the dialect, the encoding, the columns by their German names.
  await expect(imp.setting('Delimiter')).toHaveValue('Semicolon (;)');
  await expect(imp.setting('Decimal separator')).toHaveValue('Comma (1,5)');
  await expect(imp.setting('Date format')).toHaveValue('DD.MM.YYYY (31.03.2024)');
  await expect(imp.setting('Encoding')).toHaveValue(/^(Windows-1252|ISO-8859-1)/);
  await expect(imp.setting('Date')).toHaveValue('Buchungstag');
  await expect(imp.setting('Payee')).toHaveValue('Empfänger');
  await expect(imp.rawColumns).toHaveCount(6);
  await expect(imp.rowWith('Stadtwerke München')).toContainText('- 61.00 €');
  await expect(imp.rowWith('ACME GmbH')).toContainText('2 500.00 €');

  // The value day instead of the booking day: the rows are read again with it.
  const [y, m, d] = [germanDay(0).slice(6), germanDay(0).slice(3, 5), germanDay(0).slice(0, 2)];
  await imp.changeSetting('Date', 'Wertstellung');
  await expect(imp.busy).toHaveCount(0);
  await expect(imp.rowWith('REWE Markt')).toContainText(`${y}.${m}.${d}.`);

  await picture(page, testInfo.outputPath('import-preview.png'), { settleMs: 300 });
  await picture(imp.rowsPanel, testInfo.outputPath('import-rows.png'));
  // The preview with its badges, pickers and tables, which the a11y journey's empty screen lacks.
  await expectNoSeriousA11yProblems(page);

  // REWE gets its category by hand; the rest go to Uncategorized.
  const rewe = Number(await imp.rowWith('REWE Markt').getAttribute('data-line'));
  await imp.category(rewe).selectOption({ label: 'Groceries' });
  await expect(imp.plan).toHaveText('4 rows will be imported.');
  await imp.commit();
  await expect(imp.result('imported')).toContainText('4');
  await expect(imp.result('duplicates')).toContainText('0');
  await picture(page, testInfo.outputPath('import-summary.png'), { settleMs: 300 });
  await expect(imp.batch('umsatz.csv')).toContainText('4 rows in the file, 4 imported');

  await imp.showTransactions.click();
  await expect(list.transactionRows).toHaveCount(4);
  await expect(list.row('REWE Markt')).toContainText('Groceries');
  await expect(list.row('Stadtwerke München')).toContainText('- 61.00 €');
  expect(await spending(page)).toBe('87.95 €');

  await imp.goto();
  await imp.undo('umsatz.csv');
  await expect(new Toasts(page).message('Import undone: 4 rows removed')).toBeVisible();
  await list.gotoList();
  await expect(list.emptyList).toBeVisible();
  expect(await spending(page)).toBe('0.00 €');
});

test('the same file again is all duplicates, and importing it adds nothing', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', AT_DESKTOP);
  test.setTimeout(60_000);
  await freshUser(page, testInfo, 'reimport');
  const imp = new ImportPage(page);
  await imp.goto();
  await imp.upload(germanCsv());
  await expect(imp.counts).toHaveText('4 new · 0 duplicates · 0 errors');
  await imp.commit();
  await expect(imp.result('imported')).toContainText('4');

  await imp.importAnother();
  await imp.upload(germanCsv());
  await expect(imp.counts).toHaveText('0 new · 4 duplicates · 0 errors');
  await expect(imp.duplicateBadges).toHaveCount(4);
  await expect(imp.rowWith('Café Central')).toContainText('the same row was imported before');
  await expect(imp.plan).toHaveText('0 rows will be imported; 4 duplicates left out.');
  await expectNoSeriousA11yProblems(page);
  await imp.commit();
  await expect(imp.result('imported')).toContainText('0');
  await expect(imp.result('duplicates')).toContainText('4');

  const list = new Transactions(page);
  await list.gotoList();
  await expect(list.transactionRows).toHaveCount(4);
});

test('a file Kassa can not read shows the server’s message', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'import-bad');
  const imp = new ImportPage(page);
  await imp.goto();
  await imp.upload({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
  });
  await expect(imp.error).toBeVisible();
  await expect(imp.error).toContainText('not a format Kassa reads');
});

test('money moved between two pockets is proposed as a transfer, and undoing it puts the other side back', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', AT_DESKTOP);
  test.setTimeout(60_000);
  await freshUser(page, testInfo, 'import-pair');
  await (await apiOf(page)).post('pocket/add', { name: 'Savings', currency: 'EUR' });
  const imp = new ImportPage(page);
  await imp.goto();
  // Two pockets of the file's currency: the user says which.
  await imp.choosePocket('Default pocket EUR (EUR)');
  await imp.upload(
    germanRows('giro.csv', [
      ['Sparkonto', 'Übertrag', '-500,00'],
      ['REWE Markt', 'Einkauf', '-20,00'],
    ]),
  );
  await expect(imp.counts).toHaveText('2 new · 0 duplicates · 0 errors');
  await imp.commit();
  await expect(imp.result('imported')).toContainText('2');

  await imp.importAnother();
  await imp.choosePocket('Savings (EUR)');
  await imp.upload(
    germanRows('spar.csv', [
      ['Girokonto', 'Übertrag', '500,00'],
      ['Zinsen', 'Zinsgutschrift', '1,2,3'],
    ]),
  );
  await expect(imp.counts).toHaveText('1 new · 0 duplicates · 1 error');
  await expect(imp.destination).toHaveText('Into Savings');
  const pair = imp.rowWith('Girokonto');
  await expect(pair).toContainText('↔ Transfer with Default pocket EUR');
  await expect(pair).toContainText('- 500.00 €');
  await expect(imp.rowWith('Zinsen')).toContainText('Error');
  await expect(imp.rowWith('Zinsen')).toContainText('amount');
  await expect(imp.plan).toHaveText(
    '0 rows will be imported, 1 row is a transfer between your pockets; 1 row with errors left out.',
  );
  await picture(imp.rowsPanel, testInfo.outputPath('import-pair.png'), { settleMs: 300 });
  await expectNoSeriousA11yProblems(page);

  // Not a pair: the row would be imported on its own; kept as a pair, both sides become one
  // transfer from Default pocket EUR to Savings.
  const line = Number(await pair.getAttribute('data-line'));
  await imp.notAPair(line).check();
  await expect(imp.plan).toHaveText('1 row will be imported; 1 row with errors left out.');
  await imp.notAPair(line).uncheck();
  await imp.commit();
  await expect(imp.result('transfers')).toContainText('1');
  await expect(imp.result('imported')).toContainText('0');

  const list = new Transactions(page);
  await list.gotoList();
  await expect(list.transactionRows).toHaveCount(1);
  await expect(list.row('REWE Markt')).toBeVisible();
  await expect(list.conversionRows).toHaveCount(1);
  await expect(list.conversionRows).toContainText('500.00 €');
  if (testInfo.project.name === 'desktop') await expect(list.conversionRows).toContainText('Transfer');

  await imp.goto();
  await imp.undo('spar.csv');
  await expect(new Toasts(page).message('Import undone: 1 row removed, 1 earlier row put back')).toBeVisible();
  await list.gotoList();
  await expect(list.transactionRows).toHaveCount(2);
  await expect(list.conversionRows).toHaveCount(0);
});

test('a row paying a due scheduled entry confirms it instead of adding a second one', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', AT_DESKTOP);
  test.setTimeout(60_000);
  await freshUser(page, testInfo, 'import-schedule');
  const api = await apiOf(page);
  const rent = await api.post<{ id: number }>('category/add', { name: 'Rent', type: 'real', isIncome: false });
  // Two days ago (UTC, as the server's days and germanDay): due now.
  const start = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const schedule = await api.post<{ id: number }>('schedule/add', {
    rule: 'FREQ=MONTHLY',
    start,
    mode: 'remind',
    weekend: 'as-is',
    payload: { kind: 'transaction', amount: 50, currency: 'EUR', categoryId: rent.id, description: 'Rent' },
  });
  const due = async () =>
    (await api.post<{ items: { scheduleId: number; due: boolean }[] }>('schedule/upcoming', { days: 30 })).items.filter(
      (i) => i.scheduleId === schedule.id && i.due,
    );
  expect(await due()).toHaveLength(1);

  const imp = new ImportPage(page);
  await imp.goto();
  await imp.upload(germanRows('miete.csv', [['Hausverwaltung', 'Miete', '-50,00']], 2));
  await expect(imp.counts).toHaveText('1 new · 0 duplicates · 0 errors · 1 confirms a scheduled entry');
  const row = imp.rowWith('Hausverwaltung');
  const [y, m, d] = [start.slice(0, 4), start.slice(5, 7), start.slice(8, 10)];
  await expect(row).toContainText(`Confirms scheduled: Rent · due ${y}.${m}.${d}. · 50.00 €`);
  await expect(row).toContainText('Confirms a schedule');
  const line = Number(await row.getAttribute('data-line'));
  // The schedule's category.
  await expect(imp.category(line)).toHaveValue(String(rent.id));
  await expect(imp.confirmSchedule(line)).toBeChecked();
  await expect(imp.plan).toHaveText('1 row will be imported (1 confirms a scheduled entry).');
  await picture(page, testInfo.outputPath('import-schedule.png'), { settleMs: 300 });
  await expectNoSeriousA11yProblems(page);

  // Declining would import it as a row of its own; kept, the commit confirms the schedule.
  await imp.confirmSchedule(line).uncheck();
  await expect(imp.plan).toHaveText('1 row will be imported.');
  await imp.confirmSchedule(line).check();
  await imp.commit();
  await expect(imp.result('imported')).toContainText('1');
  expect(await due()).toEqual([]);

  const list = new Transactions(page);
  await list.gotoList();
  await expect(list.transactionRows).toHaveCount(1);
  await expect(list.row('Hausverwaltung')).toContainText('Rent');
});

// Issue 22: daily entry, phone use, and keyboard and screen-reader access, at desktop and phone width.
import { expect, test, type Page } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { AnalyticsPage } from '../pages/analytics.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf } from '../support/api.js';
import { createUser, logIn, uniqueEmail } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

/** Serious and critical axe findings, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await untilStill(page);
  const results = await axeOf(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function pickCurrency(t: Transactions, label: string, code: string): Promise<void> {
  await t.pick(label, code);
  await expect(t.select(label)).toHaveValue(code);
}

test('the entry form starts in the main currency, reads local decimals and shows the amount before saving', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'entry');
  createUser({ email, mainCurrency: 'EUR' });
  await logIn(page, email);
  const api = await apiOf(page);
  await api.post('category/add', { name: 'Groceries', type: 'real', isIncome: false });
  // Adding USD makes it the most recently used currency.
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });

  await page.goto('/private/add-transaction');
  const t = new Transactions(page);
  const toasts = new Toasts(page);
  const amount = t.amount;
  // Focus in the amount when the form opens; the phone opens its decimal keypad.
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('inputmode', 'decimal');
  // A visible focus ring, not only a border tint.
  expect(await amount.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  // The main currency, not the last used one, and named inside the amount field.
  await expect(t.select('Currency')).toHaveValue('EUR');
  await expect(t.amountBox).toContainText('EUR');

  // An expression shows its value live.
  await amount.fill('12.5+3.2');
  await expect(t.amountPreview('= 15.70 €')).toBeVisible();
  await amount.fill('12,5+3,2');
  await expect(t.amountPreview('= 15.70 €')).toBeVisible();

  // A comma decimal is accepted and sent as the amount it means.
  await amount.fill('12,50');
  await expect(t.amountPreview('= 12.50 €')).toBeVisible();
  await t.save();
  await expect(toasts.message('Transaction added (12.50 €)')).toBeVisible();
  await expect(amount).toHaveValue('');

  // A thousands separator is never taken for a decimal one; an ambiguous amount is named under
  // the field when it is left, and nothing is sent.
  await page.waitForTimeout(600); // saves are debounced to 500 ms (spec §9)
  await amount.fill('1.234,50');
  await expect(t.amountPreview('= 1 234.50 €')).toBeVisible();
  await amount.fill('1,234');
  await t.description.click();
  const problem = t.fieldMessage('Amount "1,234" is ambiguous: write 1234 or 1.234');
  await expect(problem).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await t.save();
  await expect(amount).toBeFocused();
  await picture(page, testInfo.outputPath('inline-error.png'), { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(new Shell(page).document).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await picture(page, testInfo.outputPath('inline-error-dark.png'), { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await amount.fill('1,234.50');
  await expect(problem).toBeHidden();
  await expect(t.amountPreview('= 1 234.50 €')).toBeVisible();

  // In dollars once: the form keeps the dollars the user picked for its next entry...
  await pickCurrency(t, 'Currency', 'USD');
  await expect(t.amountPreview('= $1 234.50')).toBeVisible();
  await t.save();
  await expect(toasts.message('Transaction added ($1 234.50)')).toBeVisible();
  await expect(amount).toHaveValue('');
  await expect(t.select('Currency')).toHaveValue('USD');

  // ...and any new form starts in the main currency again, though USD was used last (issue 32).
  await page.goto('/private/add-transaction/expense');
  await expect(t.select('Currency')).toHaveValue('EUR');
  await page.goto('/private/add-transaction/income');
  await expect(t.select('Currency')).toHaveValue('EUR');

  const rows = await api.post<{ amount: number; currency: string }[]>('transaction/getfiltered', {});
  expect(rows.map((r) => [r.amount, r.currency]).sort()).toEqual([
    [12.5, 'EUR'],
    [1234.5, 'USD'],
  ]);
});

test('the conversion form shows the implied rate against the day’s reference rate', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'entry-rate');
  createUser({ email, mainCurrency: 'EUR' });
  await logIn(page, email);
  const api = await apiOf(page);
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });
  const daily = await api.get<{ toCurrency: string; rate: number }[]>('exrate/get-daily');
  const usd = daily.find((r) => r.toCurrency === 'USD')?.rate ?? Number.NaN;
  expect(usd).toBeGreaterThan(0);

  await page.goto('/private/add-transaction/conversion');
  const t = new Transactions(page);
  await expect(t.fromAmount).toBeFocused();
  await pickCurrency(t, 'From currency', 'EUR');
  await t.fromAmount.fill('100');
  await t.toAmount.fill('92,34');
  const diff = Math.round((0.9234 / usd - 1) * 1000) / 10;
  const sign = diff > 0 ? '+' : diff < 0 ? '\u2212' : '';
  await expect(t.conversionRate).toHaveText(
    `1 EUR = 0.9234 USD (reference ${usd.toFixed(4)}, ${sign}${Math.abs(diff).toFixed(1)}\u00a0%)`,
  );
  await picture(page, testInfo.outputPath('conversion-rate.png'), { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);
  await t.save();
  await expect(new Toasts(page).message('Conversion added')).toBeVisible();
  const conversions = await api.post<{ fromAmount: number; toAmount: number }[]>('conversion/getbetween', {
    start: new Date(Date.now() - 86_400_000).toISOString(),
    end: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(conversions.map((c) => [c.fromAmount, c.toAmount])).toEqual([[100, 92.34]]);
});

test('a toast never covers the entry form’s Save', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'entry-toast');
  createUser({ email, mainCurrency: 'EUR' });
  await logIn(page, email);
  // A short window puts Save next to where the toasts appear.
  const width = page.viewportSize()?.width ?? 1280;
  await page.setViewportSize({ width, height: 560 });
  await page.goto('/private/add-transaction');
  const t = new Transactions(page);
  await t.amount.fill('4');
  const save = t.saveButton;
  // Save at the bottom of the window, where the toast appears; Enter in the amount saves.
  await save.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await t.amount.press('Enter');
  const toast = new Toasts(page).alert('Transaction added (4.00 €)');
  await expect(toast).toBeVisible();
  await expect(async () => {
    const saveBox = await save.boundingBox();
    const toastBox = await toast.boundingBox();
    if (saveBox === null || toastBox === null) throw new Error('Save or the toast is not on the page');
    // Save sits wholly above the toast, still on screen.
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(toastBox.y);
    expect(saveBox.y).toBeGreaterThanOrEqual(0);
  }).toPass({ timeout: 2000 });
  await picture(page, testInfo.outputPath('toast.png'), { fullPage: false });
});

test('the shell: skip link, quick add, a long first name, an unknown page, filter chips and tables at phone width', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const email = uniqueEmail(testInfo, 'entry-shell');
  createUser({ email, mainCurrency: 'EUR', firstName: 'Maximiliana-Theodora-Josephine' });
  await logIn(page, email);
  const api = await apiOf(page);
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });
  const rent = await api.post<{ id: number }>('category/add', {
    name: 'Rent and everything else',
    type: 'real',
    isIncome: false,
  });
  for (const [amount, currency] of [
    ['1234567.89', 'USD'],
    ['98765.43', 'EUR'],
  ])
    await api.post('transaction/add', {
      amount,
      currency,
      categoryId: rent.id,
      description: '',
      time: new Date().toISOString(),
      isIncome: null,
      type: null,
    });

  // The page title stays whole beside a long first name.
  await page.goto('/private/dashboard');
  const shell = new Shell(page);
  const t = new Transactions(page);
  const title = shell.currentTitle;
  await expect(title).toHaveText('Dashboard');
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await picture(page, testInfo.outputPath('long-name.png'), { fullPage: false });

  // The first Tab reaches the skip link, which moves the focus to the page.
  await page.keyboard.press('Tab');
  const skip = shell.skipLink;
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(shell.main).toBeFocused();

  // A new entry is one tap away, with the focus in the amount.
  await shell.quickAdd.click();
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
  await expect(t.amount).toBeFocused();

  // An unknown private page says so instead of opening the entry form.
  await page.goto('/private/no-such-page');
  await expect(shell.notFound).toBeVisible();
  await expect(page).toHaveURL(/\/private\/no-such-page$/);
  await expect(t.amount).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Filter chips are toggle buttons, with 44 px targets on the phone.
  await page.goto('/private/transactions');
  await t.filters.click({ force: true });
  const chip = t.addChip('USD');
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  const box = await chip.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(phone ? 44 : 28);
  await chip.click();
  await expect(t.removeChip('USD')).toHaveAttribute('aria-pressed', 'true');
  // So are the interval's quick buttons.
  const quick = await t.preset('MTD').boundingBox();
  expect(quick?.height ?? 0).toBeGreaterThanOrEqual(phone ? 44 : 20);
  await picture(page, testInfo.outputPath('filters.png'), { fullPage: false });

  // The holdings and single-period tables show their last column whole.
  const analytics = new AnalyticsPage(page);
  const lastColumnInside = async (header: string) => {
    const th = analytics.columnHeader(header);
    await expect(th).toBeVisible();
    const card = analytics.tableCardOf(header);
    const cardBox = await card.boundingBox();
    const thBox = await th.boundingBox();
    if (cardBox === null || thBox === null) throw new Error(`the ${header} column or its card is not on the page`);
    expect(thBox.x + thBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  };
  await page.goto('/private/analytics/holdings');
  await lastColumnInside('In EUR');
  await picture(page, testInfo.outputPath('holdings.png'));
  await page.goto('/private/analytics/oneperiod');
  await lastColumnInside('%');
  await picture(page, testInfo.outputPath('oneperiod.png'));
});

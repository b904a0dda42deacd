// Issue 22: daily entry, phone use, and keyboard and screen-reader access, at desktop and phone width.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiOf } from '../support/api.js';
import { createUser, logIn, uniqueEmail } from '../support/users.js';

const amountField = (page: Page) => page.getByRole('textbox', { name: /^Amount/ });
const currencyField = (page: Page) => page.getByRole('combobox', { name: /^Currency/ });

/** Serious and critical axe findings, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function pickCurrency(page: Page, field: Locator, code: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: code, exact: true }).click();
  await expect(field).toHaveValue(code);
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
  const amount = amountField(page);
  // Focus in the amount when the form opens; the phone opens its decimal keypad.
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('inputmode', 'decimal');
  // A visible focus ring, not only a border tint.
  expect(await amount.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  // The main currency, not the last used one, and named inside the amount field.
  await expect(currencyField(page)).toHaveValue('EUR');
  await expect(amount.locator('xpath=..')).toContainText('EUR');

  // An expression shows its value live.
  await amount.fill('12.5+3.2');
  await expect(page.getByText('= 15.70 €')).toBeVisible();
  await amount.fill('12,5+3,2');
  await expect(page.getByText('= 15.70 €')).toBeVisible();

  // A comma decimal is accepted and sent as the amount it means.
  await amount.fill('12,50');
  await expect(page.getByText('= 12.50 €')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction added (12.50 €)')).toBeVisible();
  await expect(amount).toHaveValue('');

  // A thousands separator is never taken for a decimal one; an ambiguous amount is named under
  // the field when it is left, and nothing is sent.
  await page.waitForTimeout(600); // saves are debounced to 500 ms (spec §9)
  await amount.fill('1.234,50');
  await expect(page.getByText('= 1 234.50 €')).toBeVisible();
  await amount.fill('1,234');
  await page.getByRole('textbox', { name: 'Description' }).click();
  const problem = page.getByText('Amount "1,234" is ambiguous: write 1234 or 1.234');
  await expect(problem).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(amount).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('inline-error.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.screenshot({ path: testInfo.outputPath('inline-error-dark.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await amount.fill('1,234.50');
  await expect(problem).toBeHidden();
  await expect(page.getByText('= 1 234.50 €')).toBeVisible();

  // In dollars once: the form keeps the dollars the user picked for its next entry...
  await pickCurrency(page, currencyField(page), 'USD');
  await expect(page.getByText('= $1 234.50')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction added ($1 234.50)')).toBeVisible();
  await expect(amount).toHaveValue('');
  await expect(currencyField(page)).toHaveValue('USD');

  // ...and any new form starts in the main currency again, though USD was used last (issue 32).
  await page.goto('/private/add-transaction/expense');
  await expect(currencyField(page)).toHaveValue('EUR');
  await page.goto('/private/add-transaction/income');
  await expect(currencyField(page)).toHaveValue('EUR');

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
  await expect(page.getByRole('textbox', { name: /^From amount/ })).toBeFocused();
  await pickCurrency(page, page.getByRole('combobox', { name: /^From currency/ }), 'EUR');
  await page.getByRole('textbox', { name: /^From amount/ }).fill('100');
  await page.getByRole('textbox', { name: /^To amount/ }).fill('92,34');
  const diff = Math.round((0.9234 / usd - 1) * 1000) / 10;
  const sign = diff > 0 ? '+' : diff < 0 ? '\u2212' : '';
  await expect(page.getByTestId('conversion-rate')).toHaveText(
    `1 EUR = 0.9234 USD (reference ${usd.toFixed(4)}, ${sign}${Math.abs(diff).toFixed(1)}\u00a0%)`,
  );
  await page.screenshot({ path: testInfo.outputPath('conversion-rate.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Conversion added')).toBeVisible();
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
  await amountField(page).fill('4');
  const save = page.getByRole('button', { name: 'Save' });
  // Save at the bottom of the window, where the toast appears; Enter in the amount saves.
  await save.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await amountField(page).press('Enter');
  const toast = page.getByRole('alert').filter({ hasText: 'Transaction added (4.00 €)' });
  await expect(toast).toBeVisible();
  await expect(async () => {
    const saveBox = await save.boundingBox();
    const toastBox = await toast.boundingBox();
    if (saveBox === null || toastBox === null) throw new Error('Save or the toast is not on the page');
    // Save sits wholly above the toast, still on screen.
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(toastBox.y);
    expect(saveBox.y).toBeGreaterThanOrEqual(0);
  }).toPass({ timeout: 2000 });
  await page.screenshot({ path: testInfo.outputPath('toast.png') });
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
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Dashboard');
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('long-name.png') });

  // The first Tab reaches the skip link, which moves the focus to the page.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // A new entry is one tap away, with the focus in the amount.
  await page.getByRole('banner').getByRole('link', { name: 'Add transaction' }).click();
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
  await expect(amountField(page)).toBeFocused();

  // An unknown private page says so instead of opening the entry form.
  await page.goto('/private/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/private\/no-such-page$/);
  await expect(amountField(page)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Filter chips are toggle buttons, with 44 px targets on the phone.
  await page.goto('/private/transactions');
  await page.getByRole('switch', { name: 'Filters' }).click({ force: true });
  const chip = page.getByRole('button', { name: 'Add USD' });
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  const box = await chip.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(phone ? 44 : 28);
  await chip.click();
  await expect(page.getByRole('button', { name: 'Remove USD' })).toHaveAttribute('aria-pressed', 'true');
  // So are the interval's quick buttons.
  const quick = await page.getByRole('button', { name: 'MTD' }).boundingBox();
  expect(quick?.height ?? 0).toBeGreaterThanOrEqual(phone ? 44 : 20);
  await page.screenshot({ path: testInfo.outputPath('filters.png') });

  // The holdings and single-period tables show their last column whole.
  const lastColumnInside = async (header: string) => {
    const th = page.getByRole('columnheader', { name: header });
    await expect(th).toBeVisible();
    const card = th.locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")][1]');
    const cardBox = await card.boundingBox();
    const thBox = await th.boundingBox();
    if (cardBox === null || thBox === null) throw new Error(`the ${header} column or its card is not on the page`);
    expect(thBox.x + thBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  };
  await page.goto('/private/analytics/holdings');
  await lastColumnInside('In EUR');
  await page.screenshot({ path: testInfo.outputPath('holdings.png'), fullPage: true });
  await page.goto('/private/analytics/oneperiod');
  await lastColumnInside('%');
  await page.screenshot({ path: testInfo.outputPath('oneperiod.png'), fullPage: true });
});

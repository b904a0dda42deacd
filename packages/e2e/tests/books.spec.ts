// Issue 34, shared books: two people on one book, each in a browser of their own. The owner
// invites by e-mail, the invitee opens the mail's link (signed out: the login brings them back to
// it), accepts and enters an expense in the shared book, paid by them and split equally; the owner
// sees who entered it and picks it by them in the list's filter; settle-up shows both the same
// balances, and once the owner records the suggested payment both see them at 0. The owner then
// makes the invitee a viewer (their next write is refused with the reason, and the entry screen
// turns into a note) and removes them, after which their next load is back in their own books.
import { expect, test, type Page } from '@playwright/test';
import { Books } from '../pages/books.js';
import { SettleUp } from '../pages/settle-up.js';
import { LoginPage } from '../pages/login.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { axeOf } from '../support/axe.js';
import { picture, schemePictures } from '../support/pictures.js';
import { bookInviteLinkFor } from '../support/server.js';
import { createUser, DEFAULT_PASSWORD, logIn, uniqueEmail } from '../support/users.js';
import { untilStill } from '../support/still.js';

const OWNERS_BOOKS = "Anna Kovács's books";
const OWNER = 'Anna Kovács';
const MEMBER = 'Mia Berg';
/** 12.34 € split equally in two: 6.17 € each, Mia paid it all, so Anna owes her 6.17 €. */
const PAYMENT = `${OWNER} pays ${MEMBER} 6.17 €`;

/** Serious and critical axe findings on the page as it is now, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await untilStill(page);
  const results = await axeOf(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact ?? ''} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The page fits the viewport: nothing wider than the screen (375 px on a phone). */
async function expectNoSideways(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.view);
}

/** Adds an expense on the entry screen as it stands (the category is the form's first pick). */
async function addExpense(page: Page, amount: string, description: string): Promise<void> {
  const t = new Transactions(page);
  await t.fill(amount, description);
  await t.save();
}

test('two people keep one book: invite, accept, enter, see who entered, viewer, removal', async ({
  page: owner,
  browser,
}, testInfo) => {
  // Two browsers, two logins, a mail, a split expense settled up and eleven screens checked for accessibility.
  test.setTimeout(210_000);
  const ownerEmail = uniqueEmail(testInfo, 'book-owner');
  const memberEmail = uniqueEmail(testInfo, 'book-member');
  createUser({ email: ownerEmail, firstName: 'Anna', lastName: 'Kovács' });
  createUser({ email: memberEmail, firstName: 'Mia', lastName: 'Berg' });
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const ownerBooks = new Books(owner);
  const memberBooks = new Books(member);
  const ownerToasts = new Toasts(owner);
  const memberToasts = new Toasts(member);

  // The owner invites Mia as an editor; the invitation waits on the Members tab.
  await logIn(owner, ownerEmail);
  await ownerBooks.gotoMembers();
  await expect(ownerBooks.member('Anna Kovács')).toContainText('Owner');
  // One book only: no switcher in the header.
  await expect(ownerBooks.switcher).toHaveCount(0);
  await ownerBooks.invite(memberEmail, 'Editor');
  await expect(ownerToasts.message(`Invitation sent to ${memberEmail}`)).toBeVisible();
  await expect(ownerBooks.openInvites.getByRole('listitem', { name: memberEmail })).toContainText('Editor');
  await expectNoSideways(owner);
  expect(await seriousViolations(owner)).toEqual([]);
  await schemePictures(owner, testInfo, 'members-owner');

  // Mia opens the mail's link signed out: the login page brings her back to it, and the link
  // accepts, switches to Anna's books and opens the dashboard.
  const link = await bookInviteLinkFor(memberEmail);
  await member.goto(link);
  await expect(member).toHaveURL(/\/public\/login$/);
  await new LoginPage(member).logIn(memberEmail, DEFAULT_PASSWORD);
  await expect(member).toHaveURL(/\/private\/dashboard$/);
  await expect(memberToasts.message(`You joined ${OWNERS_BOOKS} as an editor`)).toBeVisible();
  await expect(memberBooks.current(OWNERS_BOOKS)).toBeVisible();
  await expectNoSideways(member);
  await picture(member, testInfo.outputPath('switcher-dashboard.png'), { fullPage: false });

  // The switcher lists both books, the current one marked; the header's name is on every screen.
  await memberBooks.switcher.click();
  await expect(memberBooks.menuBook('Your books')).toContainText('owner');
  await expect(memberBooks.menuBook(OWNERS_BOOKS)).toHaveAttribute('aria-current', 'true');
  await picture(member, testInfo.outputPath('switcher-open.png'), { fullPage: false, settleMs: 300 });
  expect(await seriousViolations(member)).toEqual([]);
  await member.keyboard.press('Escape');

  // The link worked once: opened again it says so, with a way on.
  await member.goto(link);
  await expect(memberBooks.acceptRefusal).toContainText('it was used, withdrawn or has expired');
  await expect(member.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
  await expect(memberBooks.current(OWNERS_BOOKS)).toBeVisible();
  await expectNoSideways(member);
  expect(await seriousViolations(member)).toEqual([]);
  await schemePictures(member, testInfo, 'accept-used');

  // Mia sees the members as an editor, with a way to leave, and enters an expense in Anna's books.
  await memberBooks.gotoMembers();
  await expect(memberBooks.member('Anna Kovács')).toContainText('Owner');
  await expect(memberBooks.member(MEMBER)).toContainText('(you)');
  await expect(memberBooks.inviteForm).toHaveCount(0);
  await expect(memberBooks.leaveButton).toBeVisible();
  await expectNoSideways(member);
  expect(await seriousViolations(member)).toEqual([]);
  await schemePictures(member, testInfo, 'members-editor');

  // In a shared book a new expense starts split equally among everyone, paid by whoever enters
  // it: Mia pays, and each part shows as she types.
  const t = new Transactions(member);
  const memberSplit = new SettleUp(member);
  await t.gotoAdd('expense');
  await expect(memberSplit.splitSwitch).toBeChecked();
  await expect(memberSplit.paidBy).toHaveValue(MEMBER);
  await t.fill('12.34', 'Shared groceries');
  await expect(memberSplit.partOf(OWNER)).toHaveText('6.17 €');
  await expect(memberSplit.partOf(MEMBER)).toHaveText('6.17 €');
  await expectNoSideways(member);
  expect(await seriousViolations(member)).toEqual([]);
  await schemePictures(member, testInfo, 'entry-split');
  await t.save();
  await expect(memberToasts.message('Transaction added (12.34 €)')).toBeVisible();
  // Her own books do not have it; Anna's do.
  await memberBooks.switchTo('Your books');
  await t.gotoList();
  await expect(t.emptyList).toBeVisible();
  await memberBooks.switchTo(OWNERS_BOOKS);
  await expect(t.row('Shared groceries')).toHaveCount(1);

  // Anna's list names who entered the row: her book now has a member.
  const ownerList = new Transactions(owner);
  await ownerList.gotoList();
  const row = ownerList.row('Shared groceries');
  await expect(row.locator('[data-entered-by]')).toContainText(MEMBER);
  await expect(row.locator('[data-split]')).toHaveText(`split · paid by ${MEMBER}`);
  await picture(owner, testInfo.outputPath('list-entered-by.png'), { fullPage: false });
  // The filter picks rows by who entered them: none of Anna's, Mia's expense.
  await ownerList.filters.click();
  await ownerList.choose(OWNER);
  await expect(ownerList.emptyList).toBeVisible();
  await ownerList.removeChip(OWNER).click();
  await ownerList.choose(MEMBER);
  await expect(ownerList.row('Shared groceries')).toHaveCount(1);
  await expectNoSideways(owner);
  expect(await seriousViolations(owner)).toEqual([]);
  await schemePictures(owner, testInfo, 'list-filter-entered-by');

  // Settle-up, from the sidebar (behind the burger on a phone): both see the same balances.
  const ownerSettle = new SettleUp(owner);
  const memberSettle = new SettleUp(member);
  if (testInfo.project.name === 'phone') await new Shell(owner).burger.click();
  await ownerSettle.navLink.click();
  await expect(ownerSettle.cards).toBeVisible();
  await expect(ownerSettle.balanceOf(OWNER)).toHaveText('owes 6.17 €');
  await expect(ownerSettle.balanceOf(MEMBER)).toHaveText('is owed 6.17 €');
  await expect(ownerSettle.chart).toHaveAttribute('aria-label', new RegExp(`${MEMBER} is owed 6.17 €`));
  await ownerSettle.payments.getByRole('listitem', { name: PAYMENT }).waitFor();
  await memberSettle.goto();
  await expect(memberSettle.balanceOf(MEMBER)).toHaveText('is owed 6.17 €');
  expect(await memberSettle.balancesText()).toEqual(await ownerSettle.balancesText());
  await expectNoSideways(owner);
  expect(await seriousViolations(owner)).toEqual([]);
  await schemePictures(owner, testInfo, 'settle-up-open');

  // Anna records the suggested payment: both see every balance at 0, and the settlement listed.
  await ownerSettle.recordButton(PAYMENT).click();
  await expect(ownerToasts.message(`Recorded: ${PAYMENT}`)).toBeVisible();
  await expect(ownerSettle.balanceOf(OWNER)).toHaveText('is settled up');
  await expect(ownerSettle.balanceOf(MEMBER)).toHaveText('is settled up');
  await expect(ownerSettle.settledNote).toBeVisible();
  await expect(ownerSettle.recorded.getByRole('listitem')).toHaveCount(1);
  await memberSettle.goto();
  await expect(memberSettle.balanceOf(MEMBER)).toHaveText('is settled up');
  expect(await memberSettle.balancesText()).toEqual([`${OWNER}: is settled up`, `${MEMBER}: is settled up`]);
  await expect(memberSettle.recorded).toContainText(`${OWNER} → ${MEMBER}: 6.17 €`);
  await expectNoSideways(member);
  expect(await seriousViolations(member)).toEqual([]);
  await schemePictures(member, testInfo, 'settle-up-settled');

  // Anna manages Mia from her Members tab: a role picker and Remove beside her.
  await ownerBooks.gotoMembers();
  await expect(ownerBooks.member(MEMBER)).toContainText(memberEmail);
  await expect(owner.getByRole('combobox', { name: `Role of ${MEMBER}` })).toHaveValue('Editor');
  await expect(ownerBooks.openInvites).toHaveCount(0);
  await expectNoSideways(owner);
  expect(await seriousViolations(owner)).toEqual([]);
  await schemePictures(owner, testInfo, 'members-owner-shared');

  // Anna makes Mia a viewer. Mia's next save on the form still open is refused with the reason,
  // and the entry screen then turns into the viewer's note; the header's quick add goes.
  await t.gotoAdd('expense');
  await expect(t.amount).toBeVisible();
  await ownerBooks.changeRole(MEMBER, 'Viewer');
  await expect(ownerToasts.message(`${MEMBER} is now a viewer`)).toBeVisible();
  await addExpense(member, '5', 'Refused');
  await expect(memberToasts.message(/Your role in this book is viewer/)).toBeVisible();
  await expect(memberBooks.viewerNote).toBeVisible();
  await expect(new Shell(member).quickAdd).toHaveCount(0);
  await member.reload();
  await expect(memberBooks.viewerNote).toBeVisible();
  await expectNoSideways(member);
  await schemePictures(member, testInfo, 'viewer-entry');

  // Anna removes Mia. Mia's next load is back in her own books, told once.
  await ownerBooks.remove(MEMBER);
  await expect(ownerToasts.message(`${MEMBER} removed`)).toBeVisible();
  await expect(ownerBooks.member(MEMBER)).toHaveCount(0);
  await t.gotoList();
  await expect(
    memberToasts.message(`You can no longer open ${OWNERS_BOOKS}: you are back in your own books`),
  ).toHaveCount(1);
  await expect(t.emptyList).toBeVisible();
  await expect(memberBooks.switcher).toHaveCount(0);
  await expect(member.getByText(/Book \d+ not found/)).toHaveCount(0);
  // The quick add is back: her own books are hers to write.
  await expect(new Shell(member).quickAdd).toBeVisible();
  await memberContext.close();
});

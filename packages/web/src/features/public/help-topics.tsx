import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

// The Help screens (issue 32): how Kassa counts, in plain words, one short screen per topic. The
// names of screens and buttons here are those of the app; a renamed one is renamed here too.

export const HELP_TOPICS = ['pockets', 'fixpoints', 'conversions', 'import'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];
export const isHelpTopic = (s: string): s is HelpTopic => (HELP_TOPICS as readonly string[]).includes(s);

export interface HelpSection {
  title: string;
  /** One line for the list of topics. */
  summary: string;
  body: ReactNode;
}

/** A paragraph of help. */
const P = ({ children }: { children: ReactNode }) => <Text mb="sm">{children}</Text>;
/** The name of a place in the app, as its menu or button says it. */
const Place = ({ children }: { children: ReactNode }) => (
  <Text span fw={600} inherit>
    {children}
  </Text>
);

/** The start of Help: what Kassa counts and how, before the topics. */
export const HELP_OVERVIEW: ReactNode = (
  <>
    <P>
      Kassa keeps your books the way you would on paper, only exactly. Every income, expense, loan and conversion is
      written in its own currency, in one of your pockets. Kassa adds them up to tell you what each pocket and each
      currency holds, and converts totals into your main currency at the exchange rate of each amount&apos;s own day.
    </P>
    <P>
      Books drift from the real world: a coffee you forgot, a bank fee you did not see. So from time to time you tell
      Kassa what is really there, in a fixpoint, and Kassa shows how far its own count was off. From then on it counts
      from what you told it.
    </P>
  </>
);

export const HELP: Record<HelpTopic, HelpSection> = {
  pockets: {
    title: 'Pockets',
    summary: 'Where your money sits, and how Kassa counts each place.',
    body: (
      <>
        <P>
          A pocket is one place your money sits: a bank account, a wallet, a savings account, a card. Each pocket holds
          one currency, and a currency can have as many pockets as you like. Mark the ones that hold notes and coins as
          cash.
        </P>
        <P>
          Every currency has a default pocket, the first one it got (&quot;Default pocket EUR&quot; unless you renamed
          it). What you enter on <Place>Add transaction</Place> goes to the default pocket of its currency; rows you
          import go to the pocket you import them into. Add and rename pockets under <Place>Manage › Pockets</Place>;
          add a currency, with its pockets, under <Place>Manage › Currencies</Place>.
        </P>
        <P>
          Kassa counts a pocket from the latest fixpoint that states its balance: that balance, plus the pocket&apos;s
          income and minus its spending after it. A pocket no fixpoint has stated yet counts all of its rows. A
          currency&apos;s balance is the sum of its pockets, and money moved between two of your own pockets of the same
          currency is neither income nor spending.
        </P>
      </>
    ),
  },
  fixpoints: {
    title: 'Fixpoints',
    summary: 'Tell Kassa what is really there, and see how far its count was off.',
    body: (
      <>
        <P>
          A fixpoint is a moment when you look at your real money and write down what is there: for each pocket, its
          real balance, as the bank app or your wallet shows it. Kassa puts each beside the balance it calculated from
          your entries and shows the difference as the error.
        </P>
        <P>
          The error is the stated balance minus the calculated one. Above zero (an excess) you have more than your books
          say: an income you did not enter, or an expense entered twice. Below zero (missing) you have less, usually
          spending you did not record. Zero means your books match the real world.
        </P>
        <P>
          From a fixpoint on, Kassa counts from the balances you stated, so a forgotten coffee does not follow you
          forever: the gap ends at the next fixpoint, and its error tells you how big it was.
        </P>
        <P>
          A fixpoint states only the pockets it names. A pocket that a fixpoint does not state carries through it at its
          calculated balance: nothing is set to zero, and that pocket adds nothing to the fixpoint&apos;s error. That is
          how a bank statement can anchor one account while your cash goes on counting from your entries.
        </P>
        <P>
          Set one under <Place>Operations › Fixpoint</Place>: enter the balances, calculate the errors, look at them,
          save. Every few weeks is enough; the dashboard reminds you when the last one is more than 30 days old.
          Changing an entry dated before a fixpoint changes that fixpoint&apos;s error, which is why Kassa asks before
          such an edit.
        </P>
      </>
    ),
  },
  conversions: {
    title: 'Conversions',
    summary: 'Money changed into another currency, and what the change cost.',
    body: (
      <>
        <P>
          A conversion is money changed from one currency into another: 100 EUR out of your euros and 108 USD into your
          dollars, in one entry. Enter it under <Place>Add transaction › Conversion</Place>. It is neither income nor
          spending: the money is still yours, in another currency.
        </P>
        <P>
          The form shows the rate you got beside the day&apos;s reference rate. Kassa ships with the European Central
          Bank&apos;s daily reference rates and adds new days when the server can reach the internet. Totals across
          currencies are in your main currency, each amount converted at the rate of its own day.
        </P>
        <P>
          So a conversion has a cost: the value of what you gave minus the value of what you got, both at that
          day&apos;s reference rate. <Place>Analytics › Exchange</Place> lists each conversion&apos;s cost, by month and
          by pair of currencies. A cost above zero is money lost to the spread and fees; below zero you got more than
          the reference rate gave.
        </P>
        <P>
          Holding a foreign currency also moves your net worth when rates move, even if you do nothing. The net-worth
          bridge under <Place>Analytics › Balances</Place> shows that as exchange rates, per currency, apart from what
          conversions cost or gained.
        </P>
      </>
    ),
  },
  import: {
    title: 'Import',
    summary: 'Bring your bank’s history in, checked before anything is written.',
    body: (
      <>
        <P>
          <Place>Import</Place> reads your bank&apos;s files: CSV in any bank&apos;s layout, OFX and QFX, QIF, CAMT.052
          and .053, and MT940. Choose the pocket the account belongs to; Kassa remembers that pocket&apos;s settings for
          the next file.
        </P>
        <P>
          Nothing is written until you say so. The preview shows every row: rows already in your books are marked as
          duplicates and skipped, a move between two of your own pockets is paired as a transfer and left out, and money
          changed into another currency becomes one conversion. Categories come from your rules and from what you chose
          for the same payee before. Check the rows, change what you like, and import. A whole import can be undone
          under <Place>Earlier imports</Place>.
        </P>
        <P>
          Statement balances anchor your history. A bank statement says what the account held at its end. Tick the box
          that saves the statement&apos;s closing balance as a fixpoint, and that balance becomes a fixpoint for that
          pocket alone, at the end of the statement&apos;s last day. Its error shows at once whether your books and the
          bank agree: zero means every cent is accounted for. From there on the pocket counts from the bank&apos;s
          figure, and your other pockets carry on at their calculated balances.
        </P>
      </>
    ),
  },
};

// Analytics answers shared by the rule tests and the screen tests.

/** A named figure of an analytics answer (cash flow, balances). */
export const asset = (name: string, amount: number, currency = 'EUR') => ({ name, asset: { amount, currency } });

/** A category's amount of analytics/oneperiod. */
export const cat = (categoryId: number, name: string, amount: number, currency = 'EUR') => ({
  categoryId,
  ...asset(name, amount, currency),
});

/** An analytics/cashflow answer whose lines add up: 1000 + 999.5 - 120 - 200 + 29.75 - 0.5 + 5 + 1.5 + 3 = 1718.25. */
export const CASHFLOW = [
  asset('income', 3000),
  asset('expense', -2000.5),
  asset('loanin', 100),
  asset('loanout', -300),
  asset('businessin', 50),
  asset('businessout', -20.25),
  asset('tempin', 150),
  asset('tempout', -320.25),
  asset('convin', 99.5),
  asset('convout', -100),
  asset('externalin', 10),
  asset('externalout', -5),
  asset('start', 1000),
  asset('end', 1718.25),
  asset('realized', 120),
  asset('fixpointerror', 1.5),
  asset('revaluation', 3),
];

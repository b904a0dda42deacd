// What other features may use of Budgets: the dashboard's card of the budgets closest to their limit.
export { BudgetsCard } from './BudgetsCard';

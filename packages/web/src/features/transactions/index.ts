// What other features may use of Transactions: the kinds of transaction with their categories and
// direction rules, and the external categories (the Schedules form offers the same choices).
export { BUSINESS_TYPES, categoriesFor, KIND_RULES, TRANSACTION_KINDS, type TransactionKind } from './kinds';
export { useExternalCategories } from './api';
// The header's word on the outbox (issue 36), which also starts its sender.
export { OutboxStatus } from './outbox/OutboxStatus';
// The dashboard's line on the entries waiting to be sent (issue 36).
export { WaitingSummary } from './outbox/WaitingSummary';

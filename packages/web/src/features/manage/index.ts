// What other features may use of Manage: the rule dialog, e.g. for the Import screen's
// "create a rule from this row" (open it with `initial={{ pattern, categoryId }}`).
export { RuleEditorModal, type RuleEditorModalProps } from './rules/RuleEditorModal';

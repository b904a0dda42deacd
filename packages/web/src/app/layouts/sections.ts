import {
  IconChartBar,
  IconFileImport,
  IconHelp,
  IconLayoutDashboard,
  IconList,
  IconPlus,
  IconPigMoney,
  IconScale,
  IconSettings,
  IconTool,
  IconUser,
  type Icon,
} from '@tabler/icons-react';

/**
 * Sidebar entries of the private shell (spec §2), in order; `shared` ones only in a book more than
 * one person may open (issue 34).
 */
export const SECTIONS: { path: string; label: string; icon: Icon; shared?: boolean }[] = [
  { path: 'dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { path: 'transactions', label: 'Transactions', icon: IconList },
  { path: 'add-transaction', label: 'Add transaction', icon: IconPlus },
  { path: 'analytics', label: 'Analytics', icon: IconChartBar },
  { path: 'budgets', label: 'Budgets', icon: IconPigMoney },
  { path: 'settle-up', label: 'Settle up', icon: IconScale, shared: true },
  { path: 'operations', label: 'Operations', icon: IconTool },
  { path: 'manage', label: 'Manage', icon: IconSettings },
  { path: 'import', label: 'Import', icon: IconFileImport },
  { path: 'user', label: 'User', icon: IconUser },
];

export const HELP_ICON = IconHelp;

/** Titles of the private routes outside the sidebar. */
const EDIT_TITLES: Record<string, string> = {
  'edit-category': 'Edit category',
  'edit-transaction': 'Edit transaction',
  'edit-conversion': 'Edit conversion',
  'edit-fixpoint': 'Edit fixpoint',
  admin: 'Admin',
  book: 'Shared books',
};

/** The header title for a private path: its section's label. */
export function sectionTitle(pathname: string): string {
  const segment = pathname.split('/')[2] ?? '';
  return SECTIONS.find((s) => s.path === segment)?.label ?? EDIT_TITLES[segment] ?? 'Kassa';
}

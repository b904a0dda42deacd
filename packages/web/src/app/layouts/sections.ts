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
import { t } from '../../i18n';

/**
 * Sidebar entries of the private shell (spec §2), in order, each labelled by its path
 * (`sections.<path>` in the common texts); `shared` ones only in a book more than one person may
 * open (issue 34).
 */
export const SECTIONS: { path: SectionPath; icon: Icon; shared?: boolean }[] = [
  { path: 'dashboard', icon: IconLayoutDashboard },
  { path: 'transactions', icon: IconList },
  { path: 'add-transaction', icon: IconPlus },
  { path: 'analytics', icon: IconChartBar },
  { path: 'budgets', icon: IconPigMoney },
  { path: 'settle-up', icon: IconScale, shared: true },
  { path: 'operations', icon: IconTool },
  { path: 'manage', icon: IconSettings },
  { path: 'import', icon: IconFileImport },
  { path: 'user', icon: IconUser },
];

export const HELP_ICON = IconHelp;

/** The private routes outside the sidebar that have a title of their own. */
const TITLED = ['edit-category', 'edit-transaction', 'edit-conversion', 'edit-fixpoint', 'admin', 'book'] as const;

type SectionPath =
  | 'dashboard'
  | 'transactions'
  | 'add-transaction'
  | 'analytics'
  | 'budgets'
  | 'settle-up'
  | 'operations'
  | 'manage'
  | 'import'
  | 'user';
type Titled = SectionPath | (typeof TITLED)[number];

/** The header title for a private path: its section's label, in the current language. */
export function sectionTitle(pathname: string): string {
  const segment = pathname.split('/')[2] ?? '';
  const titled = SECTIONS.some((s) => s.path === segment) || (TITLED as readonly string[]).includes(segment);
  return titled ? t(`sections.${segment as Titled}`) : t('brand.name');
}

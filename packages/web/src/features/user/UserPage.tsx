import { Card, Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { RouteTabs } from '../../components/RouteTabs';
import { usePublicConfig, useUserInfo } from '../../shared/global-data';
import { useGenerateReferral } from './api';
import { ChangePasswordTab } from './ChangePasswordTab';
import { DataTab } from './DataTab';
import { MembersTab } from './MembersTab';
import { PreferencesTab } from './PreferencesTab';
import { ReferralTab } from './ReferralTab';
import { ApiTokensTab } from './security/ApiTokensTab';
import { SecurityLogTab } from './security/SecurityLogTab';
import { SessionsTab } from './security/SessionsTab';
import { TwoFactorTab } from './two-factor/TwoFactorTab';
import { UserInfoTab } from './UserInfoTab';
import { useT } from './i18n';

const TABS = [
  'userinfo',
  'preferences',
  'members',
  'changes',
  'two-factor',
  'sessions',
  'tokens',
  'security-log',
  'referral',
  'data',
] as const;
type Tab = (typeof TABS)[number];
const isTab = (s: string): s is Tab => (TABS as readonly string[]).includes(s);
/** The shared demo login has no sessions, tokens or log of its own to show (the server refuses them). */
const DEMO_HIDDEN: readonly string[] = ['sessions', 'tokens', 'security-log'];

/**
 * private/user/{tab}: user info (default), preferences (language and formats), the current book's members, password change, two-factor sign-in, signed-in sessions,
 * API tokens, the security log, referral and data (backup, export, restore); the URL names the tab.
 */
export function UserPage() {
  const { t } = useT();
  const segment = useParams()['*'] ?? '';
  const referral = useGenerateReferral();
  const demo = useUserInfo().data?.role === 'DEMO';
  const mode = usePublicConfig().data?.registration;
  const closed = mode === 'closed';
  // Open registration needs no referral code (issue 32): no tab to make one.
  const hidden = [...(demo ? DEMO_HIDDEN : []), ...(mode === 'open' ? ['referral'] : [])];

  // private/user (and any unknown or hidden tab) shows user info under its own URL.
  if (!isTab(segment) || (segment === 'referral' && mode === 'open'))
    return <Navigate to="/private/user/userinfo" replace />;

  const content = {
    userinfo: <UserInfoTab />,
    preferences: <PreferencesTab />,
    members: <MembersTab />,
    changes: <ChangePasswordTab />,
    'two-factor': <TwoFactorTab />,
    sessions: <SessionsTab />,
    tokens: <ApiTokensTab />,
    'security-log': <SecurityLogTab />,
    referral: <ReferralTab generation={referral} closed={closed} />,
    data: <DataTab />,
  }[segment];

  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="md">
        <RouteTabs
          base="/private/user"
          tabs={TABS.filter((tab) => !hidden.includes(tab)).map((value) => ({ value, label: t(`tabs.${value}`) }))}
          value={segment}
        >
          {content}
        </RouteTabs>
      </Card>
    </Container>
  );
}

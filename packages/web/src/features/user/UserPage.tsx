import { Card, Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { RouteTabs } from '../../components/RouteTabs';
import { useGenerateReferral } from './api';
import { ChangePasswordTab } from './ChangePasswordTab';
import { DataTab } from './DataTab';
import { ReferralTab } from './ReferralTab';
import { TwoFactorTab } from './two-factor/TwoFactorTab';
import { UserInfoTab } from './UserInfoTab';

const TABS = [
  { value: 'userinfo', label: 'User info' },
  { value: 'changes', label: 'Password' },
  { value: 'two-factor', label: 'Two-factor' },
  { value: 'referral', label: 'Referral' },
  { value: 'data', label: 'Data' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (s: string): s is Tab => TABS.some((t) => t.value === s);

/**
 * private/user/{tab}: user info (default), password change, two-factor sign-in, referral and data
 * (backup, export, restore); the URL names the tab.
 */
export function UserPage() {
  const segment = useParams()['*'] ?? '';
  const referral = useGenerateReferral();

  // private/user (and any unknown tab) shows user info under its own URL.
  if (!isTab(segment)) return <Navigate to="/private/user/userinfo" replace />;

  const content = {
    userinfo: <UserInfoTab />,
    changes: <ChangePasswordTab />,
    'two-factor': <TwoFactorTab />,
    referral: <ReferralTab generation={referral} />,
    data: <DataTab />,
  }[segment];

  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="md">
        <RouteTabs base="/private/user" tabs={TABS} value={segment}>
          {content}
        </RouteTabs>
      </Card>
    </Container>
  );
}

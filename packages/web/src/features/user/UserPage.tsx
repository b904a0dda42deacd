import { Card, Container, Tabs } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useGenerateReferral } from './api';
import { ChangePasswordTab } from './ChangePasswordTab';
import { ReferralTab } from './ReferralTab';
import { UserInfoTab } from './UserInfoTab';

const TABS = [
  { value: 'userinfo', label: 'User info' },
  { value: 'changes', label: 'Password' },
  { value: 'referral', label: 'Referral' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (s: string): s is Tab => TABS.some((t) => t.value === s);

/** private/user/{tab}: user info (default), password change and referral; the URL names the tab. */
export function UserPage() {
  const segment = useParams()['*'] ?? '';
  const navigate = useNavigate();
  const referral = useGenerateReferral();

  // private/user (and any unknown tab) shows user info under its own URL.
  if (!isTab(segment)) return <Navigate to="/private/user/userinfo" replace />;

  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="md">
        <Tabs value={segment} onChange={(v) => v !== null && void navigate(`/private/user/${v}`)} keepMounted={false}>
          <Tabs.List mb="md">
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="userinfo">
            <UserInfoTab />
          </Tabs.Panel>
          <Tabs.Panel value="changes">
            <ChangePasswordTab />
          </Tabs.Panel>
          <Tabs.Panel value="referral">
            <ReferralTab generation={referral} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Container>
  );
}

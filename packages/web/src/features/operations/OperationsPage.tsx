import { Container, Tabs } from '@mantine/core';
import { IconBriefcase, IconPigMoney, IconScale } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { FixpointPage } from './fixpoint/FixpointPage';
import { useT } from './i18n';
import { CategoryOverview } from './overview/CategoryOverview';

const TABS = [
  { value: 'fixpoint', icon: IconScale },
  { value: 'loan', icon: IconPigMoney },
  { value: 'business', icon: IconBriefcase },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (s: string): s is Tab => TABS.some((t) => t.value === s);

/** private/operations/{fixpoint|loan|business}; anything else shows the fixpoint tab (spec §2). */
export function OperationsPage() {
  const { t } = useT();
  const segment = (useParams()['*'] ?? '').split('/')[0] ?? '';
  const tab: Tab = isTab(segment) ? segment : 'fixpoint';
  const navigate = useNavigate();
  return (
    <Container size="md" px={0}>
      <Tabs value={tab} onChange={(v) => v !== null && void navigate(`/private/operations/${v}`)} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={<tab.icon size={16} />}>
              {t(`tabs.${tab.value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="fixpoint">
          <FixpointPage />
        </Tabs.Panel>
        <Tabs.Panel value="loan">
          <CategoryOverview key="loan" kind="loan" />
        </Tabs.Panel>
        <Tabs.Panel value="business">
          <CategoryOverview key="business" kind="business" />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Trans } from '../../i18n/Trans';
import english from '../../i18n/locales/en/help.json';
import { useT } from './help-i18n';

// The Help screens (issue 32): how Kassa counts, in plain words, one short screen per topic. The
// texts are in the `help` namespace; the names of screens and buttons there are those of the app
// (in each language its own), and a renamed one is renamed there too.

export const HELP_TOPICS = ['pockets', 'fixpoints', 'conversions', 'import'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];
export const isHelpTopic = (s: string): s is HelpTopic => (HELP_TOPICS as readonly string[]).includes(s);

type Paragraph<T extends HelpTopic> = keyof (typeof english)['topic'][T]['body'] & string;
type BodyKey = { [T in HelpTopic]: `topic.${T}.body.${Paragraph<T>}` }[HelpTopic];

/** A topic's paragraphs (`topic.<topic>.body.p1`…), as many as the English texts have. */
const paragraphs = (topic: HelpTopic) =>
  Object.keys(english.topic[topic].body).map((p) => `topic.${topic}.body.${p}` as BodyKey);

/** A paragraph of help. */
const P = ({ children }: { children: ReactNode }) => <Text mb="sm">{children}</Text>;
/** The name of a place in the app, as its menu or button says it (`<place>` in the texts). */
const Place = ({ children }: { children?: ReactNode }) => (
  <Text span fw={600} inherit>
    {children}
  </Text>
);

/** The start of Help: what Kassa counts and how, before the topics. */
export function HelpOverview() {
  const { t } = useT();
  return (
    <>
      <P>{t('overview.p1')}</P>
      <P>{t('overview.p2')}</P>
    </>
  );
}

/** A topic's paragraphs, with the places of the app it names in bold. */
export function HelpBody({ topic }: { topic: HelpTopic }) {
  const { t } = useT();
  return (
    <>
      {paragraphs(topic).map((key) => (
        <P key={key}>
          <Trans t={t} i18nKey={key} components={{ place: <Place /> }} />
        </P>
      ))}
    </>
  );
}

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Trans } from './Trans';

const TEXTS: Record<string, string> = {
  plain: 'Open <link>Manage</link> now',
  values: 'Spent <b>{{amount}}</b> on {{category}}',
  self: 'one<br/>two',
  unknown: 'a <x>b</x> c',
  things_one: '<b>{{count}}</b> thing',
  things_other: '<b>{{count}}</b> things',
};
const t = (key: string, options?: { count: string | number }) =>
  TEXTS[options === undefined ? key : `${key}_${options.count === 1 ? 'one' : 'other'}`] ?? key;

const html = (node: React.ReactElement) => render(node).container.innerHTML;

describe('Trans (issue 36): a translation with named tags, without an HTML parser', () => {
  it('renders each tag with its component around its text', () => {
    expect(html(<Trans t={t} i18nKey="plain" components={{ link: <a href="/m" /> }} />)).toBe(
      'Open <a href="/m">Manage</a> now',
    );
  });

  it('fills the placeholders after finding the tags, so a value never becomes markup', () => {
    const out = html(
      <Trans t={t} i18nKey="values" values={{ amount: '12 €', category: '<b>x</b>' }} components={{ b: <b /> }} />,
    );
    expect(out).toBe('Spent <b>12 €</b> on &lt;b&gt;x&lt;/b&gt;');
  });

  it('picks the plural form by count, renders empty tags and the text of unknown ones', () => {
    expect(html(<Trans t={t} i18nKey="things" values={{ count: 3 }} components={{ b: <b /> }} />)).toBe(
      '<b>3</b> things',
    );
    expect(html(<Trans t={t} i18nKey="self" components={{ br: <br /> }} />)).toBe('one<br>two');
    expect(html(<Trans t={t} i18nKey="unknown" />)).toBe('a b c');
    expect(html(<Trans t={t} i18nKey="self" components={{ br: <i>kept</i> }} />)).toBe('one<i>kept</i>two');
  });
});

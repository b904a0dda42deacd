import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

/** A named tag with its content, `<b>…</b>` (not nested), or an empty one, `<br/>`. */
const TAG = /<([a-zA-Z][\w-]*)>([\s\S]*?)<\/\1>|<([a-zA-Z][\w-]*)\s*\/>/g;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

type Values = Record<string, string | number>;

/** The text with its placeholders filled: values stay text, so a value never becomes markup. */
const fill = (text: string, values: Values | undefined) =>
  text.replace(PLACEHOLDER, (whole, name: string) => (values?.[name] === undefined ? whole : String(values[name])));

/**
 * A translated text with named tags, each rendered by its component: "Open <link>Manage</link>" with
 * `components={{ link: <Anchor … /> }}`. The same props as react-i18next's <Trans> as Kassa uses
 * it, without its HTML parser (4.9 kB gzip that would sit in every first load showing one).
 * Tags are not nested; an empty tag (`<total/>`) shows its component as given, children included;
 * placeholders are filled after the tags are found.
 */
export function Trans<K extends string>({
  t,
  i18nKey,
  values,
  components = {},
}: {
  /** The namespace's `t`, which must know the key. */
  t: (key: NoInfer<K>, options?: { count: string | number; interpolation: { skipOnVariables: boolean } }) => string;
  i18nKey: K;
  values?: Values;
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  // The count picks the plural form; every other placeholder stays for `fill`.
  const count = values?.['count'];
  const template = t(i18nKey, count === undefined ? undefined : { count, interpolation: { skipOnVariables: true } });
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    if (match.index > last) parts.push(fill(template.slice(last, match.index), values));
    const name = match[1] ?? match[3] ?? '';
    const inner = match[2] === undefined ? undefined : fill(match[2], values);
    const component = components[name];
    // An empty tag keeps its component's own children (`<total/>` for a figure the code renders).
    parts.push(
      component === undefined ? (
        <Fragment key={match.index}>{inner}</Fragment>
      ) : inner === undefined ? (
        cloneElement(component, { key: match.index })
      ) : (
        cloneElement(component, { key: match.index }, inner)
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push(fill(template.slice(last), values));
  return <>{parts}</>;
}

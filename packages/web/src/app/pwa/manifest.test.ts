import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME } from '@mantine/core';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { BACKGROUND_COLOR, THEME_COLOR, webManifest } from './manifest';

const web = path.resolve(import.meta.dirname, '../../..');

describe('the web app manifest', () => {
  it("takes its colours from the light scheme: blue's shade 9 (App.tsx's primary) and white", () => {
    expect(THEME_COLOR).toBe(DEFAULT_THEME.colors.blue[9]);
    expect(BACKGROUND_COLOR).toBe('#ffffff');
    const html = readFileSync(path.join(web, 'index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon-180x180.png" />');
  });

  it('names icons that are in public/, a maskable one among them', () => {
    const icons = webManifest.icons ?? [];
    for (const icon of icons) expect(existsSync(path.join(web, 'public', icon.src)), icon.src).toBe(true);
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.filter((i) => i.purpose === 'maskable')).toHaveLength(1);
    expect(existsSync(path.join(web, 'public', 'apple-touch-icon-180x180.png'))).toBe(true);
  });

  it('offers Add expense and Add income, opening the entry form on those tabs', async () => {
    const shortcuts = webManifest.shortcuts ?? [];
    expect(shortcuts.map((s) => s.name)).toEqual(['Add expense', 'Add income']);
    stubApi({ 'GET account/userinfo': { status: 200, body: REGISTERED_USER } });
    setToken(fakeToken());
    for (const [shortcut, tab] of shortcuts.map((s, i) => [s, i === 0 ? 'Expense' : 'Income'] as const)) {
      renderApp(shortcut.url);
      expect(await screen.findByRole('tab', { name: tab, selected: true }), shortcut.name).toBeTruthy();
      cleanup();
    }
  });
});

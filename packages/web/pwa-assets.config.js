// The installable app's icons, made from public/favicon.svg by @vite-pwa/assets-generator (sharp).
// Run after a logo change and commit the PNGs; the generator stays out of the dependencies, so
// neither `npm ci` nor the build needs sharp (docs/DECISIONS.md, Installable app):
//   cd packages/web && npx --yes @vite-pwa/assets-generator@2.0.0
// Plain JS without imports, so the one-off npx install finds nothing missing.
// The tile colour is the manifest's theme_color (Mantine blue.9, the light scheme's primary).
const THEME = '#1864ab';

export default {
  headLinkOptions: { preset: '2023' },
  preset: {
    // pwa-64x64, pwa-192x192, pwa-512x512 (transparent) and favicon.ico (48 px).
    transparent: { sizes: [64, 192, 512], favicons: [[48, 'favicon.ico']] },
    // The whole rounded logo inside the maskable safe zone (a circle of 80 %): 60 % of the side.
    maskable: { sizes: [512], padding: 0.4, resizeOptions: { background: THEME } },
    // iOS rounds the corners itself and shows no transparency.
    apple: { sizes: [180], padding: 0.3, resizeOptions: { background: THEME } },
  },
  images: ['public/favicon.svg'],
};

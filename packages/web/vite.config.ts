import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Workspace packages (money, contract) are consumed as TypeScript sources via the "source"
// export condition; the dev server proxies /api to a locally running Kassa server.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/bundle/ to add up what each page's first load fetches.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes rarely: its own chunk stays cached across app releases. Mantine and other
        // libraries are left to the bundler, so components used only by lazily loaded screens load
        // with them instead of on the first page.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});

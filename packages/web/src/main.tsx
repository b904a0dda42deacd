import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './i18n';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
// The first screen waits for its texts in the chosen language (issue 36; English is bundled).
const mount = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
void i18nReady.then(mount, mount);

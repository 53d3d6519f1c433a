import { createRoot } from 'react-dom/client';
import '@verity/shared-ui/src/styles/global.css';
import { App } from './app/app';
import { startLanguage } from './lib/language';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;
// The first screen shows in its language, not in English first; English if the language's
// messages cannot be had (no network and not kept).
void startLanguage()
  .catch(() => undefined)
  .finally(() => createRoot(root).render(<App />));

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
// The stylesheets are imported by ui/deferredMain.ts, which loads this module.

const el = document.getElementById('root');
if (!el) throw new Error('index.html has no #root element');
createRoot(el).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

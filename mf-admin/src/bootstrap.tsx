import { AppToaster, BrowserRouter, createAppStore, WebKitProvider } from '@rampquote/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandalonePage } from './StandalonePage';

// Standalone: this bundle's own store, providers and router, without the shell.
// Every path of the standalone page (served by the admin host, e.g. http://localhost:3104/) shows the dashboard.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <WebKitProvider store={createAppStore()}>
      <BrowserRouter>
        <StandalonePage />
      </BrowserRouter>
      <AppToaster />
    </WebKitProvider>
  </StrictMode>,
);

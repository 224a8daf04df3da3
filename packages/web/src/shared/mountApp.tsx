import 'antd/dist/reset.css';
import './global.css';
import type { ThemeConfig } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './AppProviders.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { type Catalogue, setupI18n } from './i18n.ts';
import { takeTokenFromAddress } from './session.ts';

interface AppEntry {
  /** The address the app is served under (`/`, `/iot`, `/jdp`, `/h5`). */
  basename: string;
  routes: RouteObject[];
  messages: Catalogue;
  theme?: ThemeConfig;
}

/** Starts one entry of the multi-page build in `#root`. */
export function mountApp({ basename, routes, messages, theme }: AppEntry): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into');
  setupI18n(messages);
  // Before the router reads the address: a token handed over by single sign-on is stored and leaves the address bar.
  takeTokenFromAddress();
  const router = createBrowserRouter(routes, { basename });
  createRoot(container).render(
    <StrictMode>
      <AppProviders theme={theme}>
        <ErrorBoundary>
          <RouterProvider router={router} />
        </ErrorBoundary>
      </AppProviders>
    </StrictMode>,
  );
}

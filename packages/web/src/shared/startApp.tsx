import 'antd/dist/reset.css';
import './global.css';
import { type ComponentType, Fragment, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './AppProviders.tsx';
import { loadBrand } from './brand.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { type Catalogue, setupI18n } from './i18n.ts';
import { takeTokenFromAddress } from './session.ts';

export interface AppEntry {
  /** The address the app is served under (`/`, `/iot`, `/jdp`, `/h5`). */
  basename: string;
  routes: RouteObject[];
  messages: Catalogue;
}

interface AppStart extends AppEntry {
  /** What wraps every page (Ant Design's providers in the admin apps); none in H5, whose antd pages bring it. */
  Frame?: ComponentType<{ children: ReactNode }>;
  /** What shows when a render outside the router throws. */
  crash: ReactNode;
}

/**
 * Starts one entry of the multi-page build in `#root`. The first page's code and the reader's
 * language (English is a fetch of its own) and the domain's brand load side by side; the page
 * renders once all are here, so that a neutral member's customers never see the platform's name.
 */
export async function startApp({ basename, routes, messages, Frame = Fragment, crash }: AppStart): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into');
  const branded = loadBrand();
  const language = setupI18n(messages);
  // Before the router reads the address: a token handed over by single sign-on is stored and leaves the address bar.
  takeTokenFromAddress();
  // Creating the router starts loading the first route's lazy code.
  const router = createBrowserRouter(routes, { basename });
  await Promise.all([
    language.catch((error: unknown) => console.error('English could not be loaded; the page opens in Chinese', error)),
    branded,
  ]);
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <Frame>
          <ErrorBoundary fallback={crash}>
            <RouterProvider router={router} />
          </ErrorBoundary>
        </Frame>
      </AppProviders>
    </StrictMode>,
  );
}

import { mountApp } from '../shared/mountApp.tsx';
import { portalMessages } from './locales/index.ts';
import { portalRoutes } from './routes.tsx';

mountApp({ basename: '/', routes: portalRoutes, messages: portalMessages });

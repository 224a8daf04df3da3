import { mountApp } from '../shared/mountApp.tsx';
import { mindMessages } from './locales/index.ts';
import { mindRoutes } from './routes.tsx';

mountApp({ basename: '/jdp', routes: mindRoutes, messages: mindMessages });

import { mountApp } from '../shared/mountApp.tsx';
import { iotMessages } from './locales/index.ts';
import { iotRoutes } from './routes.tsx';

mountApp({ basename: '/iot', routes: iotRoutes, messages: iotMessages });

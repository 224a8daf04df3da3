import type { ThemeConfig } from 'antd';
import { mountApp } from '../shared/mountApp.tsx';
import { h5Messages } from './locales/index.ts';
import { h5Routes } from './routes.tsx';

// Fingers, not pointers: controls at least 44 px high (Apple and Material guidance) and larger text.
const touchTheme: ThemeConfig = {
  token: { fontSize: 15, controlHeight: 44, controlHeightLG: 52, controlHeightSM: 36 },
};

mountApp({ basename: '/h5', routes: h5Routes, messages: h5Messages, theme: touchTheme });

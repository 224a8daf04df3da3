import type { ThemeConfig } from 'antd';
import { mountApp } from '../shared/mountApp.tsx';
import { setSignInRedirect } from '../shared/session.ts';
import { h5Messages } from './locales/index.ts';
import { h5SignInAddress } from './login/target.ts';
import { h5Routes } from './routes.tsx';

// Fingers, not pointers: controls at least 44 px high (Apple and Material guidance) and larger text.
const touchTheme: ThemeConfig = {
  token: { fontSize: 15, controlHeight: 44, controlHeightLG: 52, controlHeightSM: 36 },
};

// Students and parents sign in on H5 itself, not at the portal's single sign-on: a dead session
// comes back to the H5 sign-in page with the address it was on.
setSignInRedirect((address) => {
  const target = new URL(address, window.location.origin).searchParams.get('target') ?? '/h5/tasks';
  const path = new URL(target, window.location.origin);
  window.location.assign(h5SignInAddress(`${path.pathname}${path.search}`));
});

mountApp({ basename: '/h5', routes: h5Routes, messages: h5Messages, theme: touchTheme });

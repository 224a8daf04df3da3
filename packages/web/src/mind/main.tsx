import { mountApp } from '../shared/mountApp.tsx';
import { setSignInRedirect } from '../shared/session.ts';
import { mindMessages } from './locales/index.ts';
import { mindRoutes } from './routes.tsx';
import { clearSessionCookies } from './session/signOut.ts';

// Spec section 8: leaving for sign-in (no token, a dead session, logout) also clears the session cookies.
setSignInRedirect((address) => {
  clearSessionCookies();
  window.location.assign(address);
});

mountApp({ basename: '/jdp', routes: mindRoutes, messages: mindMessages });

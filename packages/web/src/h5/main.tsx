import { setSignInRedirect } from '../shared/session.ts';
import { startApp } from '../shared/startApp.tsx';
import { h5Messages } from './locales/index.ts';
import { signInFirst } from './login/H5Session.tsx';
import { h5SignInAddress } from './login/target.ts';
import { h5Routes } from './routes.tsx';
import { H5Crash } from './shell/failures.tsx';

// Students and parents sign in on H5 itself, not at the portal's single sign-on: a dead session
// comes back to the H5 sign-in page with the address it was on.
setSignInRedirect((address) => {
  const target = new URL(address, window.location.origin).searchParams.get('target') ?? '/h5/tasks';
  const path = new URL(target, window.location.origin);
  window.location.assign(h5SignInAddress(`${path.pathname}${path.search}`));
});

signInFirst(h5Routes);
// No antd at the root: the sign-in page is plain, and the pages after it bring antd (decision 0051).
startApp({ basename: '/h5', routes: h5Routes, messages: h5Messages, crash: <H5Crash /> }).catch((error: unknown) =>
  console.error('The app could not start', error),
);

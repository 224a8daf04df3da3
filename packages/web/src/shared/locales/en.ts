import type { CommonMessages } from './zh-CN.ts';

export const en: CommonMessages = {
  product: 'Meridian',
  lang: { label: 'Language' },
  loading: 'Loading…',
  comingSoon: 'Coming soon',
  account: {
    menu: 'Account menu',
    center: 'Account center',
    signOut: 'Sign out',
    runAs: 'You are acting as {{name}}; sign out to end it',
  },
  list: {
    search: 'Search',
    reset: 'Reset',
    total: '{{total}} in all',
    loadFailed: 'The data could not be loaded',
    retry: 'Try again',
  },
  signIn: { notAccepted: 'Sign-in failed; please sign in again' },
  reveal: { show: 'Show', title: 'Show the whole number (recorded in the audit log)' },
  notFound: {
    title: 'Page not found',
    description: 'The page you asked for does not exist or has moved. Check the address and try again.',
    home: 'Back to home',
  },
  crash: {
    title: 'Something went wrong',
    description:
      'This page ran into an unexpected problem. Reload to try again; if it keeps happening, contact your administrator.',
    reload: 'Reload page',
  },
};

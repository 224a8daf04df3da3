import type { neutralZhCN } from './neutral.ts';

export const neutralEn: typeof neutralZhCN = {
  neutral: {
    intro: {
      lead: 'Neutral operation lets you run this platform under your own brand and domain: your customers sign up and sign in on your domain and see only your platform name and logo.',
      points: {
        domain: {
          title: 'Your own domain',
          text: 'A domain that starts with console and has at most three levels, like console.example.com.',
        },
        brand: {
          title: 'Your brand',
          text: 'Platform name, a 106x60 px logo, favicon, sign-in background, primary colour and ICP record.',
        },
        customers: {
          title: 'Your customers',
          text: 'Accounts that sign up on your domain are yours: you see them and enable or disable them.',
        },
        limits: {
          title: 'Neutral membership',
          text: 'Up to {{slaves}} slaves, {{subUsers}} sub-users, and more SMS and voice messages.',
        },
      },
      priceLabel: 'Neutral operation',
      price: 'From ¥{{price}}',
      priceNote: 'Bought as a yearly neutral membership; set your brand and domain once it is paid.',
      buy: 'Buy neutral operation',
      youAre: 'You are a neutral member',
      setBrand: 'Set your brand',
    },
    brand: {
      name: 'Platform name',
      nameRequired: 'Enter the platform name',
      logo: 'Logo',
      logoHint: 'A jpg, png or gif of 106x60 px, at most 1 MB',
      logoRequired: 'Upload a logo',
      favicon: 'Favicon',
      faviconHint: 'The small icon on browser tabs; the logo when none is given',
      background: 'Sign-in background',
      color: 'Primary colour',
      icp: 'ICP record',
      domain: 'Custom domain',
      domainHint: 'Starts with console, at most three levels, like console.example.com; point it at this platform',
      domainRequired: 'Enter the custom domain',
      upload: 'Upload',
      replace: 'Replace',
      save: 'Save',
      saved: 'Brand saved',
      notNeutral: 'Only neutral members set a brand and a domain.',
    },
    customers: {
      keyword: 'Account or nickname',
      account: 'Account',
      nickname: 'Nickname',
      phone: 'Phone',
      createdAt: 'Signed up',
      status: 'Enabled',
      pending: 'Awaiting review',
      empty: 'Nobody has signed up on your domain yet',
      changed: 'Updated',
    },
  },
};

import type { PortalMessages } from './zh-CN.ts';

export const en: PortalMessages = {
  appName: 'Meridian Portal',
  portal: 'Portal',
  route: { home: 'Home' },
  home: {
    heading: 'Welcome to Meridian',
    intro:
      'Device Cloud and Mind share one portal: sign in once, and manage organisations, roles and permissions in one place.',
    open: 'Open {{name}}',
  },
  apps: {
    iot: {
      name: 'Device Cloud',
      description:
        'Connect and monitor industrial devices such as DTUs, PLCs, meters and cameras; set up alarms, timed tasks and cloud configuration.',
      features: {
        access: 'Device access',
        live: 'Live data',
        alarms: 'Alarms and linkage',
        tasks: 'Timed tasks',
        scada: 'Cloud configuration',
      },
    },
    mind: {
      name: 'Mind',
      description:
        'Psychological assessments, early warning and intervention, student archives and dashboards for education bureaus and schools.',
      features: {
        scales: 'Scale assessments',
        warnings: 'Warnings and intervention',
        archives: 'Student archives',
        dashboards: 'Dashboards',
        docking: 'Province docking',
      },
    },
  },
  status: {
    label: 'System status',
    checking: 'Checking the service…',
    up: 'Running',
    unreachable: 'Cannot reach the service; reload the page to retry',
    version: 'Version {{version}}',
    engine: 'Database {{engine}}',
  },
  footer: '© {{year}} Meridian · Device Cloud · Mind',
};

import type { IotMessages } from './zh-CN.ts';

export const en: IotMessages = {
  appName: 'Device Cloud',
  unitLogo: 'Unit logo',
  route: { home: 'Home' },
  menu: {
    home: 'Home',
    coming: 'Coming soon',
    devices: 'Devices',
    templates: 'Device templates',
    scada: 'Cloud configuration',
    alarms: 'Alarms and triggers',
    tasks: 'Timed tasks',
    firmware: 'Firmware upgrade',
    network: 'Network monitoring',
    video: 'Video monitoring',
    maintenance: 'Maintenance and work orders',
    projects: 'Projects and sub-users',
    operations: 'Operation center',
    billing: 'Orders and recharge',
    settings: 'System settings',
  },
  home: {
    heading: 'Welcome to Device Cloud',
    intro:
      'Connect DTUs, PLCs, meters and cameras, collect their data live, and alert the right people the moment a device misbehaves.',
    stepsTitle: 'Connect a device in four steps',
    steps: {
      add: { title: 'Add devices', content: 'Add by SN plus MAC/IMEI or by device ID, or import a batch from Excel.' },
      template: {
        title: 'Set up a template',
        content: 'Define slaves and data points: register address, data type, precision and acquisition formula.',
      },
      alarm: {
        title: 'Set alarms',
        content: 'Give data points alarm conditions and dead zones; notify contacts by mail, SMS or WeChat.',
      },
      watch: {
        title: 'Watch the data',
        content: 'Live values, history charts, the device map and cloud configuration screens.',
      },
    },
    devicesTitle: 'My devices',
    noDevices: 'No devices connected yet',
    noDevicesHint: 'Device management is coming soon; you will add your first device here.',
    addDevice: 'Add device',
  },
};

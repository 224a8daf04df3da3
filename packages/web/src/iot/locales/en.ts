import { alarmsEn } from './alarms-en.ts';
import { articlesEn } from './articles-en.ts';
import { bigscreenEn } from './bigscreen-en.ts';
import { billingEn } from './billing-en.ts';
import { configEn } from './config-en.ts';
import { dataEn } from './data-en.ts';
import { dataPushEn } from './datapush-en.ts';
import { devicesEn } from './devices-en.ts';
import { firmwareEn } from './firmware-en.ts';
import { invoicesEn } from './invoices-en.ts';
import { maintenanceEn } from './maintenance-en.ts';
import { neutralEn } from './neutral-en.ts';
import { passthroughEn } from './passthrough-en.ts';
import { projectsEn } from './projects-en.ts';
import { tasksEn } from './tasks-en.ts';
import { templatesEn } from './templates-en.ts';
import { upgradeEn } from './upgrade-en.ts';
import { usersEn } from './users-en.ts';
import { workOrdersEn } from './workorders-en.ts';
import type { IotMessages } from './zh-CN.ts';

export const en: IotMessages = {
  appName: 'Device Cloud',
  unitLogo: 'Unit logo',
  route: { home: 'Home', device: 'Device', template: 'Edit template', templateNew: 'Add Template' },
  menu: {
    home: 'Home',
    devices: {
      title: 'Devices',
      overview: 'Device Overview',
      bigscreen: 'Large-screen monitor',
      list: 'Device list',
      map: 'Devices Map',
      tags: 'Device Group',
      warranty: 'Warranty period management',
      history: 'Historical Data',
      records: 'Devices Online/Offline records',
      tracks: 'Positioning Track',
    },
    templates: {
      title: 'Device templates',
      list: 'My templates',
      library: 'Built-in device library',
      protocols: 'Communication Protocol',
    },
    scada: { title: 'Cloud configuration', screens: 'Configurations' },
    alarms: {
      title: 'Alarms and triggers',
      triggers: 'Trigger List',
      record: 'Alarm Record',
      today: 'Alarms Today',
      notifications: 'Alarm Notification',
      contacts: 'Contacts',
    },
    tasks: {
      title: 'Timed tasks',
      list: 'Timed Tasks',
      records: 'Execution Record',
      log: 'Execution Log',
      monitor: 'Task Monitoring',
    },
    firmware: { title: 'Firmware upgrade', management: 'Firmware Management', upgrades: 'Upgrade Tasks' },
    config: {
      title: 'Remote configuration',
      application: 'Configuration Application',
      devices: 'Device Configuration',
    },
    network: {
      title: 'Network monitoring',
      monitor: 'Network overview',
      dtu: 'DTU manage',
      onlineRate: 'DTU online rate',
      passthrough: 'Transparent Transmission Group',
    },
    video: { title: 'Video monitoring', cameras: 'Camera List', monitor: 'Video Monitor' },
    maintenance: { title: 'Maintenance and work orders', workOrders: 'Work orders', plans: 'Maintenance plans' },
    projects: {
      title: 'Projects',
      list: 'Projects',
      statistics: 'Project Quantity Statistics',
      users: 'Subordinate User',
    },
    operations: { title: 'Operation center', center: 'Operation statistics', recovery: 'Daily failure recovery rate' },
    articles: { title: 'Articles', list: 'Article List' },
    billing: {
      title: 'Orders and recharge',
      membership: 'Membership',
      orders: 'Orders',
      recharge: 'Recharge records',
      settlement: 'Settlement details',
      invoices: 'Invoices',
      invoiceQueue: 'Invoice review',
      transferQueue: 'Bank transfers',
    },
    neutral: {
      title: 'Neutral operation',
      intro: 'Neutral Introduction',
      brand: 'Brand and domain',
      customers: 'Reseller users',
      articles: 'Brand articles',
    },
    settings: {
      title: 'System Setting',
      emailServer: 'Email Server',
      emailTemplate: 'Email Template',
      sms: 'SMS and voice',
      wechatPush: 'WeChat Push',
      dataPush: 'Data Push',
      mobilePush: 'Mobile Terminal',
    },
  },
  ui: {
    save: 'Save',
    cancel: 'Cancel',
    edit: 'Edit',
    delete: 'Delete',
    more: 'More',
    actions: 'Actions',
    all: 'All',
    on: 'On',
    off: 'Off',
    total: '{{total}} in all',
    noChoices: 'Nothing to choose',
  },
  ...devicesEn,
  ...templatesEn,
  ...projectsEn,
  ...usersEn,
  ...dataEn,
  ...configEn,
  ...bigscreenEn,
  ...passthroughEn,
  ...dataPushEn,
  ...alarmsEn,
  ...tasksEn,
  ...firmwareEn,
  ...upgradeEn,
  ...workOrdersEn,
  ...maintenanceEn,
  ...billingEn,
  ...neutralEn,
  ...invoicesEn,
  ...articlesEn,
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
    noDevicesHint: 'Click "Add device": one at a time, in batches, or from Excel.',
    addDevice: 'Add device',
    open: 'Open',
    alarms: {
      title: 'Alarms',
      today: 'Today',
      active: 'Not restored',
      devices: 'Devices in alarm',
      unprocessed: 'Unprocessed',
      raised: 'Raised',
      restored: 'Restored',
    },
    offline: { title: 'Recently offline', none: 'No device has dropped offline lately' },
    orders: {
      title: 'Work orders',
      open: 'Open',
      overdue: 'Overdue',
      mine: 'Assigned to me',
      maintenanceOverdue: 'Maintenance overdue',
      attention: 'Some orders are past their time limit',
    },
    data: { title: 'Data volume', values: 'Values stored', lastDay: 'Values stored on {{day}}' },
  },
  ops: {
    empty: 'No statistics yet: each day is counted at 01:00 the next day, each month on the 1st',
    notYet: 'Not counted yet: each day is counted at 01:00 the next day',
    through: 'Counted through {{day}} (each day at 01:00 the next day)',
    export: 'Export to Excel',
    exportName: 'operation-statistics.xlsx',
    window: { days: 'Last 30 days', months: 'Last 12 months' },
    chart: {
      online: 'Devices and online rate',
      recovery: 'Alarms, faults and recovery',
      orders: 'Work orders',
      usage: 'Data volume and active users',
    },
    table: { days: 'By day', months: 'By month' },
    recovery: { overall: 'Failure recovery rate, last 30 days' },
    total: {
      devicesTotal: 'Devices',
      devicesAdded: 'Devices added',
      onlineRate: 'Mean online rate',
      alarmsRaised: 'Alarms',
      recoveryRate: 'Failure recovery rate',
      ordersOpened: 'Work orders opened',
      ordersOverdue: 'Work orders overdue',
      meanResponse: 'Mean response (h)',
      meanRepair: 'Mean repair (h)',
      values: 'Data points stored',
      peakUsers: 'Active users (peak)',
    },
    f: {
      period: 'Period',
      day: 'Day',
      devicesTotal: 'Devices',
      devicesAdded: 'Added',
      onlineRate: 'Online rate',
      alarmsRaised: 'Alarms',
      alarmsRestored: 'Alarms restored that day',
      faultsRaised: 'Faults',
      faultsRecovered: 'Faults recovered that day',
      raised: 'Alarms and faults',
      restored: 'Restored that day',
      recoveryRate: 'Failure recovery rate',
      ordersOpened: 'Orders opened',
      ordersClosed: 'Orders closed',
      ordersOverdue: 'Orders overdue',
      meanResponse: 'Mean response (h)',
      meanRepair: 'Mean repair (h)',
      values: 'Data points',
      activeUsers: 'Active users',
    },
  },
};

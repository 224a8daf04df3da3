import {
  AccountBookOutlined,
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  DeploymentUnitOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  GlobalOutlined,
  HomeOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  VideoCameraOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** One page of an area: `menu.<area>.<key>` names it. */
export interface IotPage {
  key: string;
  path: string;
  /** The feature path whose `view` the page's calls need (migrations/0006 and the contracts' catalogue). */
  need: string;
}

interface IotArea {
  key: string;
  icon: ReactNode;
  /** The in-app address of an area that is one page; an area with neither a path nor pages is not listed. */
  path?: string;
  pages?: IotPage[];
}

/** The areas of Device Cloud (spec section 2), in menu order; each gains its pages when it ships. */
export const iotAreas: IotArea[] = [
  { key: 'home', icon: <HomeOutlined />, path: '/' },
  {
    key: 'devices',
    icon: <DeploymentUnitOutlined />,
    pages: [
      { key: 'overview', path: '/devices/overview', need: '/iot/home' },
      // The large-screen monitor opens full screen, outside the frame (decision 0121).
      { key: 'bigscreen', path: '/bigscreen', need: '/iot/home' },
      { key: 'list', path: '/devices', need: '/iot/devices' },
      { key: 'map', path: '/devices/map', need: '/iot/devices' },
      { key: 'tags', path: '/devices/tags', need: '/iot/devices' },
      { key: 'warranty', path: '/devices/warranty', need: '/iot/devices' },
      { key: 'history', path: '/data/history', need: '/iot/history' },
      { key: 'records', path: '/data/records', need: '/iot/devices' },
      { key: 'tracks', path: '/data/tracks', need: '/iot/history' },
    ],
  },
  {
    key: 'templates',
    icon: <AppstoreOutlined />,
    pages: [
      { key: 'list', path: '/templates', need: '/iot/templates' },
      { key: 'library', path: '/templates/library', need: '/iot/templates' },
      { key: 'protocols', path: '/templates/protocols', need: '/iot/templates' },
    ],
  },
  {
    key: 'projects',
    icon: <TeamOutlined />,
    pages: [
      { key: 'list', path: '/projects', need: '/iot/projects' },
      { key: 'statistics', path: '/projects/statistics', need: '/iot/projects' },
      { key: 'users', path: '/users', need: '/iot/users' },
    ],
  },
  {
    key: 'scada',
    icon: <FundProjectionScreenOutlined />,
    pages: [{ key: 'screens', path: '/scada', need: '/iot/scada' }],
  },
  {
    key: 'alarms',
    icon: <AlertOutlined />,
    pages: [
      { key: 'triggers', path: '/alarms/triggers', need: '/iot/triggers' },
      { key: 'record', path: '/alarms/record', need: '/iot/alarms' },
      { key: 'today', path: '/alarms/today', need: '/iot/alarms' },
      { key: 'notifications', path: '/alarms/notifications', need: '/iot/alarms' },
      // Contacts are the recipients of triggers and share their permissions (docs/decisions/0032).
      { key: 'contacts', path: '/alarms/contacts', need: '/iot/triggers' },
    ],
  },
  {
    key: 'tasks',
    icon: <FieldTimeOutlined />,
    pages: [
      { key: 'list', path: '/tasks', need: '/iot/tasks' },
      { key: 'monitor', path: '/tasks/monitor', need: '/iot/tasks' },
      { key: 'records', path: '/tasks/records', need: '/iot/tasks' },
      { key: 'log', path: '/tasks/log', need: '/iot/tasks' },
    ],
  },
  {
    key: 'firmware',
    icon: <CloudUploadOutlined />,
    pages: [
      { key: 'management', path: '/firmware', need: '/iot/firmware' },
      { key: 'upgrades', path: '/firmware/upgrades', need: '/iot/firmware' },
    ],
  },
  {
    // Remote configuration: DTUs and MQTT devices alike, so not under network monitoring (decision 0062).
    key: 'config',
    icon: <ControlOutlined />,
    pages: [
      { key: 'application', path: '/config/application', need: '/iot/devices' },
      { key: 'devices', path: '/config/devices', need: '/iot/devices' },
    ],
  },
  {
    key: 'network',
    icon: <WifiOutlined />,
    pages: [
      { key: 'monitor', path: '/network/monitor', need: '/iot/devices' },
      { key: 'dtu', path: '/network/dtu', need: '/iot/devices' },
      { key: 'onlineRate', path: '/network/online-rate', need: '/iot/devices' },
      // Transparent Transmission Groups: a DTU's serial line for PC software (decision 0113).
      { key: 'passthrough', path: '/network/passthrough', need: '/iot/devices' },
    ],
  },
  {
    // Camera List is also Video Management (decision 0112): the list is where cameras are managed.
    key: 'video',
    icon: <VideoCameraOutlined />,
    pages: [
      { key: 'cameras', path: '/video/cameras', need: '/iot/cameras' },
      { key: 'monitor', path: '/video/monitor', need: '/iot/cameras' },
    ],
  },
  {
    key: 'maintenance',
    icon: <ToolOutlined />,
    pages: [
      { key: 'workOrders', path: '/maintenance/work-orders', need: '/iot/workOrders' },
      { key: 'plans', path: '/maintenance/plans', need: '/iot/maintenance' },
    ],
  },
  {
    // Operation statistics (decision 0083): the nightly figures, and the daily failure recovery rate of the spec.
    key: 'operations',
    icon: <BarChartOutlined />,
    pages: [
      { key: 'center', path: '/operations', need: '/iot/statistics' },
      { key: 'recovery', path: '/operations/recovery', need: '/iot/statistics' },
    ],
  },
  {
    // Announcements, news and help (decision 0094): written by the platform's administrators.
    key: 'articles',
    icon: <FileTextOutlined />,
    pages: [{ key: 'list', path: '/articles', need: '/iot/articles' }],
  },
  {
    key: 'billing',
    icon: <AccountBookOutlined />,
    pages: [
      { key: 'membership', path: '/billing/membership', need: '/iot/orders' },
      { key: 'orders', path: '/billing/orders', need: '/iot/orders' },
      { key: 'recharge', path: '/billing/recharge', need: '/iot/orders' },
      { key: 'settlement', path: '/billing/settlement', need: '/iot/orders' },
      { key: 'invoices', path: '/billing/invoices', need: '/iot/orders' },
      // The platform administrators' review queue (decision 0098).
      { key: 'invoiceQueue', path: '/billing/invoice-queue', need: '/iot/invoices' },
      // Orders waiting for a bank transfer, confirmed by the platform administrators (decision 0115).
      { key: 'transferQueue', path: '/billing/transfer-queue', need: '/iot/transfers' },
    ],
  },
  {
    // Neutral operation (decision 0116): every main account reads what it is; neutral members set their brand.
    key: 'neutral',
    icon: <GlobalOutlined />,
    pages: [
      { key: 'intro', path: '/neutral', need: '/iot/orders' },
      { key: 'brand', path: '/neutral/brand', need: '/iot/orders' },
      { key: 'customers', path: '/neutral/customers', need: '/iot/orders' },
      { key: 'articles', path: '/neutral/articles', need: '/iot/orders' },
    ],
  },
  {
    key: 'settings',
    icon: <SettingOutlined />,
    pages: [
      { key: 'emailServer', path: '/settings/email-server', need: '/iot/settings' },
      { key: 'emailTemplate', path: '/settings/email-template', need: '/iot/settings' },
      { key: 'sms', path: '/settings/sms', need: '/iot/settings' },
      { key: 'wechatPush', path: '/settings/wechat-push', need: '/iot/settings' },
      // A push forwards the devices' values: whoever sees devices sees their account's pushes (decision 0123).
      { key: 'dataPush', path: '/settings/data-push', need: '/iot/devices' },
      { key: 'mobilePush', path: '/settings/mobile-push', need: '/iot/settings' },
    ],
  },
];

/** Every page of the menu with its menu key (`<area>` or `<area>.<page>`). */
export const menuPages = iotAreas.flatMap((area) => [
  ...(area.path ? [{ menuKey: area.key, area: area.key, path: area.path }] : []),
  ...(area.pages ?? []).map((page) => ({ menuKey: `${area.key}.${page.key}`, area: area.key, path: page.path })),
]);

/**
 * The menu entry an address belongs to: the page whose path is the longest prefix of it, so that a
 * device's detail (`/devices/12`) lights up the device list.
 */
export function menuPageOf(pathname: string) {
  const matching = menuPages.filter(
    (page) => pathname === page.path || (page.path !== '/' && pathname.startsWith(`${page.path}/`)),
  );
  return matching.sort((a, b) => b.path.length - a.path.length)[0];
}

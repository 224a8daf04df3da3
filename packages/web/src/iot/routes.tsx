import type { RouteObject } from 'react-router';
import { RouteError } from '../shared/CrashPage.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import { notFoundRoute, type RouteHandle } from '../shared/routing.ts';
import { IotLayout } from './IotLayout.tsx';

const page = (path: string, title: string, lazy: RouteObject['lazy']): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  lazy,
});

export const iotRoutes: RouteObject[] = [
  // A configuration's shared link opens without signing in, outside the signed-in frame (decision 0099).
  {
    path: '/scada-shared',
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    handle: { title: 'menu.scada.screens' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./scada/SharedScadaPage.tsx')).SharedScadaPage }),
  },
  // The large-screen monitor fills the wall: signed in, but outside the frame and its menu (decision 0121).
  {
    path: '/bigscreen',
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    handle: { title: 'menu.devices.bigscreen' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./bigscreen/BigscreenPage.tsx')).BigscreenPage }),
  },
  {
    path: '/',
    Component: IotLayout,
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        handle: { title: 'route.home' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./home/HomePage.tsx')).HomePage }),
      },
      page('devices', 'menu.devices.list', async () => ({
        Component: (await import('./devices/DevicesPage.tsx')).DevicesPage,
      })),
      page('devices/overview', 'menu.devices.overview', async () => ({
        Component: (await import('./devices/OverviewPage.tsx')).OverviewPage,
      })),
      page('devices/map', 'menu.devices.map', async () => ({
        Component: (await import('./map/MapPage.tsx')).MapPage,
      })),
      page('devices/tags', 'menu.devices.tags', async () => ({
        Component: (await import('./projects/TagsPage.tsx')).TagsPage,
      })),
      page('devices/warranty', 'menu.devices.warranty', async () => ({
        Component: (await import('./devices/WarrantyPage.tsx')).WarrantyPage,
      })),
      page('devices/:id', 'route.device', async () => ({
        Component: (await import('./devices/DeviceDetailPage.tsx')).DeviceDetailPage,
      })),
      page('data/history', 'menu.devices.history', async () => ({
        Component: (await import('./telemetry/HistoryPage.tsx')).HistoryPage,
      })),
      page('data/records', 'menu.devices.records', async () => ({
        Component: (await import('./telemetry/OnlineRecordsPage.tsx')).OnlineRecordsPage,
      })),
      page('data/tracks', 'menu.devices.tracks', async () => ({
        Component: (await import('./telemetry/track/TrackPage.tsx')).TrackPage,
      })),
      page('network/monitor', 'menu.network.monitor', async () => ({
        Component: (await import('./telemetry/NetworkFleetPage.tsx')).NetworkFleetPage,
      })),
      page('network/dtu', 'menu.network.dtu', async () => ({
        Component: (await import('./telemetry/DtuManagePage.tsx')).DtuManagePage,
      })),
      page('network/online-rate', 'menu.network.onlineRate', async () => ({
        Component: (await import('./telemetry/OnlineRatePage.tsx')).OnlineRatePage,
      })),
      page('network/passthrough', 'menu.network.passthrough', async () => ({
        Component: (await import('./passthrough/PassthroughPage.tsx')).PassthroughPage,
      })),
      page('config/application', 'menu.config.application', async () => ({
        Component: (await import('./config/ProfilesPage.tsx')).ProfilesPage,
      })),
      page('config/devices', 'menu.config.devices', async () => ({
        Component: (await import('./config/DeviceConfigsPage.tsx')).DeviceConfigsPage,
      })),
      page('video/cameras', 'menu.video.cameras', async () => ({
        Component: (await import('./video/CamerasPage.tsx')).CamerasPage,
      })),
      page('video/monitor', 'menu.video.monitor', async () => ({
        Component: (await import('./video/MonitorPage.tsx')).MonitorPage,
      })),
      page('articles', 'menu.articles.list', async () => ({
        Component: (await import('./articles/ArticlesPage.tsx')).ArticlesPage,
      })),
      page('articles/view/:id', 'announcements.title', async () => ({
        Component: (await import('./articles/ArticlePage.tsx')).ArticlePage,
      })),
      page('scada', 'menu.scada.screens', async () => ({
        Component: (await import('./scada/ScadaListPage.tsx')).ScadaListPage,
      })),
      page('scada/:id/edit', 'menu.scada.screens', async () => ({
        Component: (await import('./scada/ScadaEditorPage.tsx')).ScadaEditorPage,
      })),
      page('scada/:id/view', 'menu.scada.screens', async () => ({
        Component: (await import('./scada/ScadaViewerPage.tsx')).ScadaViewerPage,
      })),
      page('templates', 'menu.templates.list', async () => ({
        Component: (await import('./templates/TemplatesPage.tsx')).TemplatesPage,
      })),
      page('templates/library', 'menu.templates.library', async () => ({
        Component: (await import('./templates/LibraryPage.tsx')).LibraryPage,
      })),
      page('templates/protocols', 'menu.templates.protocols', async () => ({
        Component: (await import('./templates/ProtocolsPage.tsx')).ProtocolsPage,
      })),
      page('templates/protocols/custom/new', 'customProtocol.addTitle', async () => ({
        Component: (await import('./templates/CustomProtocolPage.tsx')).CustomProtocolPage,
      })),
      page('templates/protocols/custom/:id', 'menu.templates.protocols', async () => ({
        Component: (await import('./templates/CustomProtocolPage.tsx')).CustomProtocolPage,
      })),
      page('templates/new', 'route.templateNew', async () => ({
        Component: (await import('./templates/TemplateEditorPage.tsx')).TemplateEditorPage,
      })),
      page('templates/:id', 'route.template', async () => ({
        Component: (await import('./templates/TemplateEditorPage.tsx')).TemplateEditorPage,
      })),
      page('projects', 'menu.projects.list', async () => ({
        Component: (await import('./projects/ProjectsPage.tsx')).ProjectsPage,
      })),
      page('projects/statistics', 'menu.projects.statistics', async () => ({
        Component: (await import('./projects/ProjectStatsPage.tsx')).ProjectStatsPage,
      })),
      page('users', 'menu.projects.users', async () => ({
        Component: (await import('./users/SubUsersPage.tsx')).SubUsersPage,
      })),
      page('alarms/triggers', 'menu.alarms.triggers', async () => ({
        Component: (await import('./alarms/TriggersPage.tsx')).TriggersPage,
      })),
      page('alarms/record', 'menu.alarms.record', async () => ({
        Component: (await import('./alarms/AlarmsPage.tsx')).AlarmsPage,
      })),
      page('alarms/today', 'menu.alarms.today', async () => ({
        Component: (await import('./alarms/AlarmsPage.tsx')).AlarmsTodayPage,
      })),
      page('alarms/notifications', 'menu.alarms.notifications', async () => ({
        Component: (await import('./alarms/DeliveriesPage.tsx')).DeliveriesPage,
      })),
      page('alarms/contacts', 'menu.alarms.contacts', async () => ({
        Component: (await import('./alarms/ContactsPage.tsx')).ContactsPage,
      })),
      page('tasks', 'menu.tasks.list', async () => ({
        Component: (await import('./tasks/TasksPage.tsx')).TasksPage,
      })),
      page('tasks/monitor', 'menu.tasks.monitor', async () => ({
        Component: (await import('./tasks/MonitorPage.tsx')).MonitorPage,
      })),
      page('tasks/records', 'menu.tasks.records', async () => ({
        Component: (await import('./tasks/RecordsPage.tsx')).RecordsPage,
      })),
      page('tasks/log', 'menu.tasks.log', async () => ({
        Component: (await import('./tasks/LogPage.tsx')).LogPage,
      })),
      page('firmware', 'menu.firmware.management', async () => ({
        Component: (await import('./firmware/FirmwarePage.tsx')).FirmwarePage,
      })),
      page('firmware/upgrades', 'menu.firmware.upgrades', async () => ({
        Component: (await import('./upgrade/UpgradePage.tsx')).UpgradePage,
      })),
      page('maintenance/work-orders', 'menu.maintenance.workOrders', async () => ({
        Component: (await import('./workorders/WorkOrdersPage.tsx')).WorkOrdersPage,
      })),
      page('maintenance/plans', 'menu.maintenance.plans', async () => ({
        Component: (await import('./maintenance/PlansPage.tsx')).PlansPage,
      })),
      page('operations', 'menu.operations.center', async () => ({
        Component: (await import('./operations/OperationsPage.tsx')).OperationsPage,
      })),
      page('operations/recovery', 'menu.operations.recovery', async () => ({
        Component: (await import('./operations/RecoveryPage.tsx')).RecoveryPage,
      })),
      page('neutral', 'menu.neutral.intro', async () => ({
        Component: (await import('./neutral/NeutralIntroPage.tsx')).NeutralIntroPage,
      })),
      page('neutral/brand', 'menu.neutral.brand', async () => ({
        Component: (await import('./neutral/BrandPage.tsx')).BrandPage,
      })),
      page('neutral/customers', 'menu.neutral.customers', async () => ({
        Component: (await import('./neutral/CustomersPage.tsx')).CustomersPage,
      })),
      page('neutral/articles', 'menu.neutral.articles', async () => ({
        Component: (await import('./articles/ArticlesPage.tsx')).BrandArticlesPage,
      })),
      page('billing/membership', 'menu.billing.membership', async () => ({
        Component: (await import('./billing/MembershipPage.tsx')).MembershipPage,
      })),
      page('billing/orders', 'menu.billing.orders', async () => ({
        Component: (await import('./billing/OrdersPage.tsx')).OrdersPage,
      })),
      page('billing/recharge', 'menu.billing.recharge', async () => ({
        Component: (await import('./billing/LedgerPage.tsx')).RechargePage,
      })),
      page('billing/settlement', 'menu.billing.settlement', async () => ({
        Component: (await import('./billing/LedgerPage.tsx')).SettlementPage,
      })),
      page('billing/invoices', 'menu.billing.invoices', async () => ({
        Component: (await import('./billing/InvoicesPage.tsx')).InvoicesPage,
      })),
      page('billing/invoice-queue', 'menu.billing.invoiceQueue', async () => ({
        Component: (await import('./billing/InvoiceQueuePage.tsx')).InvoiceQueuePage,
      })),
      page('billing/transfer-queue', 'menu.billing.transferQueue', async () => ({
        Component: (await import('./billing/TransferQueuePage.tsx')).TransferQueuePage,
      })),
      page('settings/email-server', 'menu.settings.emailServer', async () => ({
        Component: (await import('./alarms/EmailServerPage.tsx')).EmailServerPage,
      })),
      page('settings/email-template', 'menu.settings.emailTemplate', async () => ({
        Component: (await import('./alarms/ChannelPages.tsx')).EmailTemplatePage,
      })),
      page('settings/sms', 'menu.settings.sms', async () => ({
        Component: (await import('./alarms/SmsPage.tsx')).SmsPage,
      })),
      page('settings/wechat-push', 'menu.settings.wechatPush', async () => ({
        Component: (await import('./alarms/ChannelPages.tsx')).WechatPushPage,
      })),
      page('settings/data-push', 'menu.settings.dataPush', async () => ({
        Component: (await import('./datapush/DataPushPage.tsx')).DataPushPage,
      })),
      page('settings/mobile-push', 'menu.settings.mobilePush', async () => ({
        Component: (await import('./alarms/ChannelPages.tsx')).MobilePushPage,
      })),
      { path: '*', lazy: notFoundRoute },
    ],
  },
];

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature } from '../platform/feature.ts';
import { alarmsCheckJob, alarmsSchedules, evaluateRecordedBatches } from './alarms/index.ts';
import { alarmsRoutes } from './alarms/routes.ts';
import type { AlarmsTables } from './alarms/tables.ts';
import { articlesRoutes } from './articles/routes.ts';
import type { ArticlesTables } from './articles/tables.ts';
import { bigscreenRoutes } from './bigscreen/routes.ts';
import type { BigscreenTables } from './bigscreen/tables.ts';
import { orderExpiryJob } from './billing/expiry.ts';
import { membershipHistoryCleanup } from './billing/retention.ts';
import { billingRoutes } from './billing/routes.ts';
import type { BillingTables } from './billing/tables.ts';
import { camerasRoutes } from './cameras/routes.ts';
import { snapshotJob } from './cameras/snapshot.ts';
import type { CamerasTables } from './cameras/tables.ts';
import { configRoutes } from './config/routes.ts';
import { configService } from './config/runner.ts';
import type { ConfigTables } from './config/tables.ts';
import { dataPushDeliveriesCleanup, dataPushJob, queueRecordedBatches } from './datapush/push.ts';
import { dataPushRoutes } from './datapush/routes.ts';
import type { DataPushTables } from './datapush/tables.ts';
import { seedDemoScreen } from './demo/screen.ts';
import { seedDemoDevices } from './demo/seed.ts';
import { devicesRoutes } from './devices/routes.ts';
import type { DevicesTables } from './devices/tables.ts';
import { firmwareRoutes } from './firmware/routes.ts';
import type { FirmwareTables } from './firmware/tables.ts';
import { messagesCleanup } from './gateway/commands.ts';
import { leaseService } from './gateway/node.ts';
import { gatewayRoutes } from './gateway/routes.ts';
import { dtuService, registrationsCleanup } from './gateway/service.ts';
import type { GatewayTables } from './gateway/tables.ts';
import { homeRoutes } from './home/routes.ts';
import { invoicesRoutes } from './invoices/routes.ts';
import type { InvoicesTables } from './invoices/tables.ts';
import { maintenanceRoutes } from './maintenance/routes.ts';
import { planOrdersJob } from './maintenance/run.ts';
import type { MaintenanceTables } from './maintenance/tables.ts';
import { mapRoutes } from './map/routes.ts';
import { iotMigrations } from './migrations/index.ts';
import { brokerSyncJob, brokerSyncSchedules } from './mqtt/dynsec.ts';
import { ingestRoutes } from './mqtt/routes.ts';
import { mqttService } from './mqtt/service.ts';
import type { MqttTables } from './mqtt/tables.ts';
import { deliveriesCleanup } from './notify/cleanup.ts';
import { notifyDeliveryJob } from './notify/deliver.ts';
import { notifyRoutes } from './notify/routes.ts';
import type { NotifyTables } from './notify/tables.ts';
import { operationsCatchUp, operationsJob, operationsSchedules } from './operations/job.ts';
import { operationsRoutes } from './operations/routes.ts';
import type { OperationsTables } from './operations/tables.ts';
import { passthroughRoutes } from './passthrough/routes.ts';
import { passthroughService } from './passthrough/service.ts';
import type { PassthroughTables } from './passthrough/tables.ts';
import { projectsRoutes } from './projects/routes.ts';
import { customProtocolsRoutes } from './protocols/routes.ts';
import type { CustomProtocolTables } from './protocols/tables.ts';
import { scadaRoutes } from './scada/routes.ts';
import type { ScadaTables } from './scada/tables.ts';
import { taskRecoveryService } from './tasks/recovery.ts';
import { tasksRoutes } from './tasks/routes.ts';
import { taskRecordsCleanup, taskRunJob } from './tasks/run.ts';
import type { TasksTables } from './tasks/tables.ts';
import { onRecorded } from './telemetry/index.ts';
import {
  historyCleanup,
  networkSamplesCleanup,
  offlineJob,
  partitionsJob,
  telemetrySchedules,
} from './telemetry/jobs.ts';
import { telemetryRoutes } from './telemetry/routes.ts';
import type { TelemetryTables } from './telemetry/tables.ts';
import { templatesRoutes } from './templates/routes.ts';
import type { TemplatesTables } from './templates/tables.ts';
import { upgradeRoutes } from './upgrade/routes.ts';
import { upgradeService } from './upgrade/runner.ts';
import type { UpgradeTables } from './upgrade/tables.ts';
import { workOrderNoticeJob, workOrderOverdueJob, workOrderSchedules } from './workorders/notices.ts';
import { workOrdersRoutes } from './workorders/routes.ts';
import type { WorkOrdersTables } from './workorders/tables.ts';

// Alarms are evaluated in whichever process records telemetry (issue 6).
onRecorded(evaluateRecordedBatches);
// Data push forwards each committed flush to the owners' targets (decision 0123).
onRecorded(queueRecordedBatches);

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(devicesRoutes);
  await app.register(mapRoutes);
  await app.register(projectsRoutes);
  await app.register(templatesRoutes);
  await app.register(customProtocolsRoutes);
  await app.register(gatewayRoutes);
  await app.register(telemetryRoutes);
  await app.register(ingestRoutes);
  await app.register(alarmsRoutes);
  await app.register(notifyRoutes);
  await app.register(configRoutes);
  await app.register(passthroughRoutes);
  await app.register(dataPushRoutes);
  await app.register(tasksRoutes);
  await app.register(firmwareRoutes);
  await app.register(upgradeRoutes);
  await app.register(workOrdersRoutes);
  await app.register(maintenanceRoutes);
  await app.register(scadaRoutes);
  await app.register(operationsRoutes);
  await app.register(homeRoutes);
  await app.register(bigscreenRoutes);
  await app.register(billingRoutes);
  await app.register(invoicesRoutes);
  await app.register(articlesRoutes);
  await app.register(camerasRoutes);
};

/** The tables of Device Cloud, added to the `Database` type in `src/features.ts`. */
export interface IotTables
  extends DevicesTables,
    TemplatesTables,
    GatewayTables,
    TelemetryTables,
    MqttTables,
    AlarmsTables,
    NotifyTables,
    ConfigTables,
    TasksTables,
    FirmwareTables,
    UpgradeTables,
    WorkOrdersTables,
    MaintenanceTables,
    ScadaTables,
    OperationsTables,
    BillingTables,
    ArticlesTables,
    InvoicesTables,
    PassthroughTables,
    CustomProtocolTables,
    DataPushTables,
    CamerasTables,
    BigscreenTables {}

/** Device Cloud: devices, templates and everything that reads them. */
export const iot: Feature = {
  name: 'iot',
  migrations: iotMigrations,
  seeds: [
    ({ db, config, log }) => seedDemoDevices(db, config, log),
    // After the devices it binds (decision 0126).
    ({ db, config, log }) => seedDemoScreen(db, config, log),
    operationsCatchUp,
  ],
  routes,
  // The lease last: taken once the ports are bound, given up first (decision 0048).
  gateway: [
    dtuService,
    mqttService,
    passthroughService,
    leaseService,
    configService,
    taskRecoveryService,
    upgradeService,
  ],
  jobs: [
    notifyDeliveryJob,
    dataPushJob,
    offlineJob,
    partitionsJob,
    alarmsCheckJob,
    taskRunJob,
    planOrdersJob,
    operationsJob,
    orderExpiryJob,
    workOrderNoticeJob,
    workOrderOverdueJob,
    brokerSyncJob,
    snapshotJob,
  ],
  schedules: [
    ...telemetrySchedules,
    ...alarmsSchedules,
    ...operationsSchedules,
    ...workOrderSchedules,
    ...brokerSyncSchedules,
  ],
  cleanups: [
    historyCleanup,
    networkSamplesCleanup,
    membershipHistoryCleanup,
    registrationsCleanup,
    deliveriesCleanup,
    dataPushDeliveriesCleanup,
    taskRecordsCleanup,
    messagesCleanup,
  ],
};

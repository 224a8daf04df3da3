import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature } from '../platform/feature.ts';
import { devicesRoutes } from './devices/routes.ts';
import { gatewayRoutes } from './gateway/routes.ts';
import { dtuService } from './gateway/service.ts';
import { mapRoutes } from './map/routes.ts';
import { ingestRoutes } from './mqtt/routes.ts';
import { mqttService } from './mqtt/service.ts';
import { projectsRoutes } from './projects/routes.ts';
import { telemetryRoutes } from './telemetry/routes.ts';
import { templatesRoutes } from './templates/routes.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(devicesRoutes);
  await app.register(mapRoutes);
  await app.register(projectsRoutes);
  await app.register(templatesRoutes);
  await app.register(gatewayRoutes);
  await app.register(telemetryRoutes);
  await app.register(ingestRoutes);
};

/** Device Cloud: devices, templates and everything that reads them. */
export const iot: Feature = { name: 'iot', routes, gateway: [dtuService, mqttService] };

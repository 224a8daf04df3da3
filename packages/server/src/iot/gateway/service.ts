import type { GatewayService } from '../../platform/feature.ts';

/** The DTU port: DTUs connect over TCP, register, and are polled. */
export const dtuService: GatewayService = {
  name: 'dtu',
  async start() {
    return { async stop() {} };
  },
};

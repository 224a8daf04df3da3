import type { GatewayService } from '../../platform/feature.ts';

/** MQTT devices: the embedded broker, or a subscription to the external one of MQTT_URL. */
export const mqttService: GatewayService = {
  name: 'mqtt',
  async start() {
    return { async stop() {} };
  },
};

import type { GatewayService } from '../../platform/feature.ts';
import { gatewayName, gatewayNodeFor } from '../gateway/node.ts';
import { closeTelemetry, telemetryFor } from '../telemetry/index.ts';
import { startBroker } from './broker.ts';
import { startExternal } from './external.ts';

/** MQTT devices: the embedded broker, or a subscription to the external one of MQTT_URL. */
export const mqttService: GatewayService = {
  name: 'mqtt',
  async start({ config, db, log }) {
    const telemetry = telemetryFor(db, config, log);
    const common = {
      db,
      log: log.child({ service: 'mqtt' }),
      telemetry,
      retentionDays: config.TELEMETRY_RETENTION_DAYS,
    };
    const holder = gatewayNodeFor(db, config, log);
    // Devices of an external broker are connected to it, not to this process: no lease is held for them.
    const running = config.MQTT_URL
      ? // Its own session per gateway process: two processes of one host must not take each other's.
        await startExternal({ ...common, url: config.MQTT_URL, clientId: `meridian-${gatewayName(config)}` })
      : await startBroker({ ...common, host: config.HOST, port: config.MQTT_PORT, holder });
    return {
      // Acknowledged values are already committed; this writes the status and offline records last.
      async stop() {
        holder.unblock();
        await running.stop();
        await closeTelemetry(db);
      },
    };
  },
};

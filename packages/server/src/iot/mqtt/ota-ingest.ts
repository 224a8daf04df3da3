import { recordReport } from '../upgrade/repository.ts';
import type { Ingest } from './ingest.ts';
import { decodeReport, type MqttOtaExchange } from './ota.ts';

/**
 * A message on `devices/{sn}/ota/reply` or `/ota/inform`: a reply settles what the link's transfer
 * waits for; a report is stored (the device's version changes only here) before the transfer hears it.
 * A malformed one is counted and dropped.
 */
export async function onOtaMessage(
  ingest: Ingest,
  link: { ota: MqttOtaExchange },
  deviceId: number,
  kind: 'otaReply' | 'otaInform',
  payload: Buffer,
): Promise<void> {
  if (kind === 'otaReply') {
    link.ota.reply(payload);
    return;
  }
  const report = decodeReport(payload);
  if (!report) {
    ingest.refuse('malformed', { deviceId }, 'a firmware report without series, model and version');
    return;
  }
  await recordReport(ingest.db.kysely, deviceId, report, Date.now());
  link.ota.inform(report);
}

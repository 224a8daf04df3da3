import {
  type MessageKey,
  translate,
  UPGRADE_DEVICES_MAX,
  type UpgradeJobInput,
  type UpgradeLeftOutView,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { findProject } from '../projects/repository.ts';
import { findTemplate } from '../templates/repository.ts';
import { busyAmong, candidateDevices, groupDevices, UPGRADABLE_PROTOCOLS } from './repository.ts';

type Candidate = Awaited<ReturnType<typeof candidateDevices>>[number];
interface Firmware {
  series: string;
  model: string;
}
/** Why one device cannot take the firmware: the key of the all-or-none refusal and of the left-out note. */
interface Unfit {
  refusal: MessageKey;
  leftOut: MessageKey;
  params: Record<string, string>;
}

/** A template or project holds at most this many devices the job looks at. */
const GROUP_SCAN_MAX = 5000;

function unfitOf(d: Candidate, firmware: Firmware): Unfit | null {
  const sn = d.sn ?? String(d.id);
  if (!UPGRADABLE_PROTOCOLS.includes(d.protocol))
    return { refusal: 'upgrade.notMqtt', leftOut: 'upgrade.leftOut.unsupported', params: { sn } };
  if (d.series === null || d.model === null)
    return { refusal: 'upgrade.unknownModel', leftOut: 'upgrade.leftOut.unknownModel', params: { sn } };
  if (d.series !== firmware.series || d.model !== firmware.model)
    return {
      refusal: 'upgrade.wrongModel',
      leftOut: 'upgrade.leftOut.wrongModel',
      params: { sn, found: `${d.series} ${d.model}`, series: firmware.series, model: firmware.model },
    };
  return null;
}

/**
 * The devices a job takes. Picked one by one, all or none: the first that cannot take the firmware
 * (another transport, series or model, no report, another running job) refuses the job. A template
 * or a project takes those of its devices the caller may edit that can, and says why it left out
 * each of the others; none left is a refusal.
 */
export async function devicesFor(
  actor: Actor,
  scope: Scope,
  input: UpgradeJobInput,
  firmware: Firmware,
): Promise<{ devices: Candidate[]; leftOut: UpgradeLeftOutView[] }> {
  if (input.target === 'devices') {
    const unique = [...new Set(input.deviceIds)];
    const devices = await candidateDevices(actor.db, scope, unique);
    if (devices.length !== unique.length) throw new AppError(404, 'device.notFound');
    for (const d of devices) {
      const unfit = unfitOf(d, firmware);
      if (unfit) throw new AppError(400, unfit.refusal, { params: unfit.params });
    }
    const [busy] = await busyAmong(actor.db, unique);
    if (busy) {
      const sn = devices.find((d) => Number(d.id) === Number(busy.device_id))?.sn ?? String(busy.device_id);
      throw new AppError(409, 'upgrade.busy', { params: { sn } });
    }
    return { devices, leftOut: [] };
  }
  const group = await groupOf(actor, scope, input);
  const all = await groupDevices(actor.db, scope, group, GROUP_SCAN_MAX);
  const leftOut: UpgradeLeftOutView[] = [];
  const note = (d: Candidate, key: MessageKey, params: Record<string, string> = {}) =>
    leftOut.push({
      deviceId: Number(d.id),
      name: d.name,
      sn: d.sn ?? '-',
      reason: translate(key, actor.lang, params),
    });
  const fit: Candidate[] = [];
  for (const d of all) {
    const unfit = unfitOf(d, firmware);
    if (unfit) note(d, unfit.leftOut, unfit.params);
    else fit.push(d);
  }
  const busy = new Set(
    (
      await busyAmong(
        actor.db,
        fit.map((d) => Number(d.id)),
      )
    ).map((b) => Number(b.device_id)),
  );
  const devices = fit.filter((d) => {
    if (busy.has(Number(d.id))) note(d, 'upgrade.leftOut.busy');
    return !busy.has(Number(d.id));
  });
  if (!devices.length) throw new AppError(400, 'upgrade.noneMatch', { params: { count: all.length } });
  if (devices.length > UPGRADE_DEVICES_MAX) throw new AppError(400, 'v.upgrade.tooMany');
  return { devices, leftOut };
}

async function groupOf(
  actor: Actor,
  scope: Scope,
  input: UpgradeJobInput,
): Promise<{ templateId: number } | { projectId: number }> {
  if (input.target === 'template') {
    const templateId = input.templateId ?? 0;
    if (!(await findTemplate(actor.db, scope, templateId))) throw new AppError(404, 'template.notFound');
    return { templateId };
  }
  const projectId = input.projectId ?? 0;
  if (!(await findProject(actor.db, scope, projectId))) throw new AppError(404, 'project.notFound');
  return { projectId };
}

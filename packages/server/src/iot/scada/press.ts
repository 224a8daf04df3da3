import { SCADA_CLICKABLE, SCADA_TOGGLES, type ScadaPress, type ScadaPressed, scadaPress } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { type ReachDevice, writePoint } from '../gateway/service.ts';
import { publishedDocument, screenFor, screenScopeOf } from './service.ts';
import { resolvedFor } from './template.ts';

/**
 * A click on a running screen (decision 0117): the screen says what is written where, never the
 * caller. A button writes its value; a switch or a valve writes the on or off the caller asks for. The route
 * holds the operate permission; the write goes through the device write path, which refuses a
 * read-only point, checks the value and audits, with the caller needing only to see the device.
 */
export async function pressElement(
  actor: Actor,
  reach: ReachDevice,
  screenId: number,
  input: ScadaPress,
): Promise<ScadaPressed> {
  const { elementId, value, deviceId } = scadaPress.parse(input);
  const scope = await screenScopeOf(actor);
  const row = await screenFor(actor, scope, screenId);
  // The running screen is the published version (decision 0127): a click acts on what it shows.
  const stored = await publishedDocument(actor, row);
  // A template-based screen writes the point of the device it is open for, if applied to it (decision 0120).
  if (stored.template && deviceId === null) throw new AppError(400, 'scada.deviceNeeded');
  const document = stored.template && deviceId !== null ? await resolvedFor(actor, scope, stored, deviceId) : stored;
  const element = document.elements.find((e) => e.id === elementId);
  const binding = element?.binding;
  // A component that opens another screen is a link, not a write (decision 0120).
  if (!element || !binding || !SCADA_CLICKABLE.includes(element.kind) || element.opens !== null) {
    throw new AppError(400, 'scada.notClickable', { params: { element: elementId } });
  }
  let written: unknown = element.writeValue;
  if (SCADA_TOGGLES.includes(element.kind)) {
    if (value === null || ![0, 1, true, false].includes(value)) throw new AppError(400, 'scada.switchValue');
    written = value;
  } else if (written === null) {
    throw new AppError(400, 'scada.notClickable', { params: { element: element.text || elementId } });
  }
  const result = await writePoint(actor, reach, binding.deviceId, binding.pointId, written, 'view');
  return { deviceId: binding.deviceId, pointId: result.pointId, raw: result.raw };
}

import type { MessageKey, ScadaDocument } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { findTemplate } from '../templates/repository.ts';
import * as repo from './repository.ts';

/**
 * Template-based screens (decision 0120): the bindings name a template's points, drawn against one
 * of its devices; Configuration Application lists the devices the screen opens for (all of the
 * template's, or some), and the viewer and the press route swap in the chosen device.
 */

function refused(key: MessageKey, field: string, params: Record<string, string | number>): AppError {
  return new AppError(400, key, { params, rules: [{ field, key, params }] });
}

/** A template-based document's rules: a template the caller sees, bindings to its points, applied devices of it in scope. */
export async function checkTemplate(actor: Actor, scope: Scope, document: ScadaDocument): Promise<void> {
  const template = document.template;
  if (!template) return;
  if (!(await findTemplate(actor.db, scope, template.templateId))) {
    throw refused('scada.template', 'document.template.templateId', { template: template.templateId });
  }
  const points = new Set(await repo.pointsOfTemplate(actor.db, template.templateId));
  for (const [i, element] of document.elements.entries()) {
    if (element.binding && !points.has(element.binding.pointId)) {
      throw refused('scada.templatePoint', `document.elements.${i}.binding`, { element: element.text || element.id });
    }
  }
  const wanted = template.devices ?? [];
  const found = new Map((await repo.devicesOfTemplateView(actor.db, scope, wanted)).map((d) => [Number(d.id), d]));
  for (const [i, id] of wanted.entries()) {
    const device = found.get(id);
    if (!device) throw refused('scada.applyScope', `document.template.devices.${i}`, { device: id });
    if (Number(device.template_id) !== template.templateId) {
      throw refused('scada.applyTemplate', `document.template.devices.${i}`, { device: device.name });
    }
  }
}

/** The devices a template-based screen opens for, of those the caller sees. */
export async function appliedDevices(actor: Actor, scope: Scope, document: ScadaDocument) {
  const template = document.template;
  if (!template) return null;
  const all = await repo.visibleDevicesOfTemplate(actor.db, scope, template.templateId);
  const only = template.devices === null ? null : new Set(template.devices);
  return all.filter((d) => only === null || only.has(Number(d.id))).map((d) => ({ id: Number(d.id), name: d.name }));
}

/** The document as it shows for one applied device: every binding names that device. */
export async function resolvedFor(
  actor: Actor,
  scope: Scope,
  document: ScadaDocument,
  deviceId: number,
): Promise<ScadaDocument> {
  const devices = (await appliedDevices(actor, scope, document)) ?? [];
  if (!devices.some((d) => d.id === deviceId))
    throw new AppError(404, 'scada.notApplied', { params: { device: deviceId } });
  return {
    ...document,
    elements: document.elements.map((e) => (e.binding ? { ...e, binding: { ...e.binding, deviceId } } : e)),
  };
}

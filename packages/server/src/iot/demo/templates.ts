import type { TemplateInput, TemplatePointInput } from '@meridian/contracts';
import type { DemoDevice } from '@meridian/simulator/demo';
import { LIBRARY } from '../templates/library.ts';

const point = (
  name: string,
  registerType: TemplatePointInput['registerType'],
  registerAddress: number,
  variant: 'float32AbCd' | 'uint16' | 'bit',
  more: Partial<TemplatePointInput> = {},
): TemplatePointInput => ({
  slaveIndex: 1,
  name,
  registerType,
  registerAddress,
  registerLength: variant === 'float32AbCd' ? 2 : 1,
  readWrite: 'readOnly',
  dataType: variant === 'bit' ? 'switch' : 'numeric',
  variant,
  bitIndex: null,
  precision: variant === 'float32AbCd' ? 1 : 0,
  unit: null,
  formula: null,
  inverseFormula: null,
  description: null,
  storage: 'timed',
  amplitude: null,
  ...more,
});

/**
 * The demo's MQTT device publishes by point name (docs/protocols/mqtt.md), so its template names
 * the values the simulator's `greenhouse` profile publishes; the registers only satisfy the form.
 */
export const GREENHOUSE_TEMPLATE: TemplateInput = {
  name: 'Greenhouse Climate Sensor MQTT',
  protocol: 'mqttJson',
  description: 'Demo: a climate sensor publishing JSON over MQTT every 10 seconds',
  slaves: [{ index: 1, name: 'Climate sensor', address: 1, ip: null, port: null, deviceNo: null }],
  points: [
    point('Air temperature', 'holdingRegister', 0, 'float32AbCd', { unit: '°C' }),
    point('Air humidity', 'holdingRegister', 2, 'float32AbCd', { unit: '%RH' }),
    point('CO2 concentration', 'holdingRegister', 4, 'float32AbCd', { precision: 0, unit: 'ppm' }),
    point('Light intensity', 'holdingRegister', 6, 'float32AbCd', { precision: 0, unit: 'lx' }),
    point('Fan speed setpoint', 'holdingRegister', 8, 'uint16', { readWrite: 'readWrite', unit: '%' }),
    point('Irrigation valve', 'coil', 0, 'bit', { readWrite: 'readWrite', storage: 'onChange', amplitude: 1 }),
  ],
};

/** The template a demo device is given: its library entry, or the greenhouse template for the MQTT one. */
export function demoTemplate(
  device: DemoDevice,
): TemplateInput & { vendor?: string; model?: string; category?: string } {
  if (device.libraryModel === null) return GREENHOUSE_TEMPLATE;
  const entry = LIBRARY.find((t) => t.model === device.libraryModel);
  if (!entry) throw new Error(`no library template of model ${device.libraryModel}`);
  return entry;
}

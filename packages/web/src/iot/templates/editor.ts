import {
  type DataType,
  isHeatMeterType,
  isMeterProtocol,
  localizeIssue,
  METER_TYPES,
  type TemplateDetail,
  type TemplateInput,
  templateInput,
  templateRulesBroken,
  translate,
  VARIANT_NAMES,
  VARIANTS,
  type Variant,
} from '@meridian/contracts';
import type { FormInstance } from 'antd';
import { currentLang } from '../../shared/i18n.ts';
import { namePath } from '../components/errors.ts';
import { hex } from './PointsView.tsx';

/** The editor's form: the template as the user types it (addresses as text, empty fields empty). */
export interface EditorSlave {
  id?: number;
  index?: number;
  name?: string;
  address?: number;
  ip?: string | null;
  port?: number | null;
  deviceNo?: string | null;
  meterAddress?: string | null;
}
export interface EditorPoint {
  id?: number;
  slaveIndex?: number;
  name?: string;
  registerType?: TemplateInput['points'][number]['registerType'];
  registerAddress?: string;
  registerLength?: number;
  readWrite?: TemplateInput['points'][number]['readWrite'];
  dataType?: DataType;
  variant?: Variant;
  bitIndex?: number | null;
  precision?: number;
  unit?: string | null;
  formula?: string | null;
  inverseFormula?: string | null;
  description?: string | null;
  storage?: TemplateInput['points'][number]['storage'];
  amplitude?: number | null;
  dataIdentifier?: string | null;
}
export interface EditorValues {
  name?: string;
  protocol?: TemplateInput['protocol'];
  /** Protocol `custom`: the custom protocol chosen. */
  customProtocolId?: number | null;
  description?: string | null;
  slaves?: EditorSlave[];
  points?: EditorPoint[];
}

export const variantsOf = (dataType: DataType | undefined): Variant[] =>
  VARIANT_NAMES.filter((name) => !dataType || VARIANTS[name].dataType === dataType);

/** A new point on `slaveIndex`: a holding register read as a 16-bit signed number. */
export const newPoint = (slaveIndex: number | undefined, address: number): EditorPoint => ({
  slaveIndex,
  registerType: 'holdingRegister',
  registerAddress: hex(address),
  registerLength: 1,
  readWrite: 'readOnly',
  dataType: 'numeric',
  variant: 'int16',
  precision: 0,
  storage: 'timed',
});

/**
 * A new DL/T 645 point on `slaveIndex`: forward active energy, 4 bytes with 2 decimals, in kWh.
 * The register fields it carries are the ones the point model needs and the gateway ignores.
 */
export const newMeterPoint = (slaveIndex: number | undefined): EditorPoint => ({
  ...newPoint(slaveIndex, 0),
  dataIdentifier: '00010000',
  registerLength: 4,
  variant: 'float64',
  precision: 2,
  unit: 'kWh',
});

/**
 * A new CJ/T 188 point on `slaveIndex`: the current cumulative flow of 901F, 4 bytes with 2
 * decimals, in cubic metres.
 */
export const newWaterPoint = (slaveIndex: number | undefined, meterType?: number): EditorPoint =>
  meterType !== undefined && isHeatMeterType(meterType)
    ? { ...newMeterPoint(slaveIndex), dataIdentifier: '901f:heat', unit: 'kWh' }
    : { ...newMeterPoint(slaveIndex), dataIdentifier: '901f:current', unit: 'm³' };

/** A new point of a custom protocol on `slaveIndex`, taking the protocol's point (its key and unit), with 2 decimals. */
export const newCustomPoint = (
  slaveIndex: number | undefined,
  point: { key: string; unit: string } | undefined,
): EditorPoint => ({
  ...newPoint(slaveIndex, 0),
  variant: 'float64',
  registerLength: 4,
  precision: 2,
  dataIdentifier: point?.key ?? null,
  unit: point?.unit || null,
});

/** A new slave; a CJ/T 188 meter starts as a cold water meter (type 10H). */
export const newSlave = (index: number, protocol?: string): EditorSlave => ({
  index,
  name: '',
  address: protocol === 'cjt188' ? METER_TYPES.coldWater : index,
});

export function toEditor(template: TemplateDetail | undefined): EditorValues {
  if (!template) return { protocol: 'modbusRtu', slaves: [newSlave(1)], points: [] };
  return {
    name: template.name,
    protocol: template.protocol,
    customProtocolId: template.customProtocolId,
    description: template.description,
    slaves: template.slaves.map(({ id, index, name, address, ip, port, deviceNo, meterAddress }) => ({
      id,
      index,
      name,
      address,
      ip,
      port,
      deviceNo,
      meterAddress,
    })),
    points: [...template.points]
      .sort((a, b) => a.sort - b.sort)
      .map(({ slaveId: _slave, sort: _sort, registerAddress, ...point }) => ({
        ...point,
        registerAddress: hex(registerAddress),
      })),
  };
}

const orNull = <T>(value: T | null | undefined) => (value === undefined || value === '' ? null : value);

/** The body the API takes; empty texts become null so that optional fields stay optional. */
export function toBody(values: EditorValues): unknown {
  const meter = isMeterProtocol(values.protocol ?? '');
  const custom = values.protocol === 'custom';
  return {
    name: values.name?.trim() ?? '',
    protocol: values.protocol,
    customProtocolId: custom ? (values.customProtocolId ?? null) : null,
    description: orNull(values.description?.trim()),
    slaves: (values.slaves ?? []).map((slave) => ({
      ...slave,
      ip: orNull(slave.ip?.trim()),
      port: orNull(slave.port),
      deviceNo: orNull(slave.deviceNo?.trim()),
      // A meter is reached by its meter address; a DL/T 645 one's Modbus address is 0, a CJ/T 188 one's is its type.
      ...(values.protocol === 'dlt645' ? { address: 0 } : {}),
      meterAddress: meter ? orNull(slave.meterAddress?.trim()) : null,
    })),
    points: (values.points ?? []).map((point) => ({
      ...point,
      unit: orNull(point.unit?.trim()),
      formula: orNull(point.formula?.trim()),
      inverseFormula: orNull(point.inverseFormula?.trim()),
      description: orNull(point.description?.trim()),
      bitIndex: orNull(point.bitIndex),
      amplitude: point.storage === 'onChange' ? orNull(point.amplitude) : null,
      dataIdentifier: meter || custom ? orNull(point.dataIdentifier?.trim()) : null,
    })),
  };
}

/**
 * Checks the whole template as the server will (the contracts' schema, then the rules that span
 * fields) and marks every broken field; resolves the body to send when nothing is broken.
 */
export function checkTemplate(
  form: FormInstance,
  values: EditorValues,
): { body: TemplateInput } | { problems: Array<{ field: string; msg: string }> } {
  const lang = currentLang();
  const parsed = templateInput.safeParse(toBody(values));
  const broken: Array<{ field: string; msg: string }> = parsed.success
    ? templateRulesBroken(parsed.data).map((rule) => ({
        field: rule.field,
        msg: translate(rule.key, lang, rule.params),
      }))
    : parsed.error.issues.map((issue) => localizeIssue(issue, lang));
  if (broken.length === 0 && parsed.success) return { body: parsed.data };
  const byField = new Map<string, string[]>();
  for (const item of broken) byField.set(item.field, [...(byField.get(item.field) ?? []), item.msg]);
  form.setFields([...byField].map(([field, errors]) => ({ name: namePath(field), errors })));
  return { problems: broken };
}

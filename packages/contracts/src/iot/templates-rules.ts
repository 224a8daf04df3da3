import type { MessageKey } from '../messages.ts';
import type { MessageParams } from '../platform-messages.ts';
import { isHeatMeterType, isMeterType, isWaterMeterAddress, waterItem } from './cjt188.ts';
import { isMeterAddress, knownFormat } from './dlt645.ts';
import {
  BIT_REGISTER_TYPES,
  isMeterProtocol,
  READ_ONLY_REGISTER_TYPES,
  TEMPLATE_LIMITS,
  type TemplateInput,
  type TemplatePointInput,
  type TemplateSlaveInput,
  VARIANTS,
} from './templates.ts';
import { formulaProblem } from './templates-formula.ts';

/** One broken rule of a template, at its field (`points[3].registerLength`), as a catalogue key. */
export interface TemplateRuleBroken {
  field: string;
  key: MessageKey;
  params?: MessageParams;
}

/**
 * The 0-based protocol address of a register: decimal 0-65535 or hex 0x0000-0xFFFF. The Modbus
 * 4xxxx notation is not accepted: the register type is its own field, and `40001` would otherwise
 * mean two different registers. Null when the text is neither.
 */
export function registerAddressOf(value: string | number): number | null {
  const text = String(value).trim();
  if (!/^(0[xX][0-9a-fA-F]{1,4}|\d{1,5})$/.test(text)) return null;
  const address = Number(text);
  return Number.isInteger(address) && address >= 0 && address <= 0xffff ? address : null;
}

function slaveRules(slaves: readonly TemplateSlaveInput[], protocol: TemplateInput['protocol']): TemplateRuleBroken[] {
  const rules: TemplateRuleBroken[] = [];
  const indexes = new Set<number>();
  const endpoints = new Set<string>();
  const deviceNos = new Set<string>();
  slaves.forEach((slave, i) => {
    const at = `slaves[${i}]`;
    if (indexes.has(slave.index)) rules.push({ field: `${at}.index`, key: 'template.slave.indexTaken' });
    indexes.add(slave.index);
    const hasIp = Boolean(slave.ip);
    const hasPort = slave.port !== null && slave.port !== undefined;
    if (hasIp !== hasPort) rules.push({ field: `${at}.${hasIp ? 'port' : 'ip'}`, key: 'template.slave.endpoint' });
    else if (protocol === 'modbusTcp' && !hasIp) rules.push({ field: `${at}.ip`, key: 'template.slave.tcpEndpoint' });
    const meter = isMeterProtocol(protocol);
    rules.push(...meterAddressRules(slave, at, protocol));
    // Two slaves answering to one address on one bus (or one IP and port) are one device.
    const address = meter ? `${slave.address}:${(slave.meterAddress ?? '').toLowerCase()}` : slave.address;
    const endpoint = `${slave.ip ?? ''}:${slave.port ?? ''}#${address}`;
    if (endpoints.has(endpoint))
      rules.push({ field: `${at}.${meter ? 'meterAddress' : 'address'}`, key: 'template.slave.deviceNoTaken' });
    endpoints.add(endpoint);
    if (slave.deviceNo) {
      const no = slave.deviceNo.toUpperCase();
      if (deviceNos.has(no)) rules.push({ field: `${at}.deviceNo`, key: 'template.slave.deviceNoTaken' });
      deviceNos.add(no);
    }
  });
  return rules;
}

/** A meter's address in its protocol's shape; a CJ/T 188 meter's type (its `address`) one the standard names. */
function meterAddressRules(
  slave: TemplateSlaveInput,
  at: string,
  protocol: TemplateInput['protocol'],
): TemplateRuleBroken[] {
  const address = slave.meterAddress ?? '';
  if (protocol === 'dlt645' && !isMeterAddress(address))
    return [{ field: `${at}.meterAddress`, key: 'template.slave.meterAddress' }];
  if (protocol !== 'cjt188') return [];
  const rules: TemplateRuleBroken[] = [];
  if (!isMeterType(slave.address)) rules.push({ field: `${at}.address`, key: 'template.slave.meterType' });
  if (!isWaterMeterAddress(address))
    rules.push({ field: `${at}.meterAddress`, key: 'template.slave.waterMeterAddress' });
  return rules;
}

/** Where a Modbus point lives: its register, its variant and what its register type allows. */
function registerRules(point: TemplatePointInput, at: string): TemplateRuleBroken[] {
  const rules: TemplateRuleBroken[] = [];
  const spec = VARIANTS[point.variant];
  const address = registerAddressOf(point.registerAddress);
  if (address === null) rules.push({ field: `${at}.registerAddress`, key: 'template.point.address' });
  else if (address + point.registerLength - 1 > 0xffff) {
    rules.push({ field: `${at}.registerLength`, key: 'template.point.addressRange' });
  }
  const bitRegister = BIT_REGISTER_TYPES.includes(point.registerType);
  if (bitRegister && point.dataType !== 'switch') {
    rules.push({ field: `${at}.dataType`, key: 'template.point.bitRegister' });
  }
  if (spec.dataType !== point.dataType) {
    rules.push({
      field: `${at}.variant`,
      key: 'template.point.variant',
      params: { variant: point.variant, dataType: point.dataType },
    });
  } else if (spec.registers !== null && spec.registers !== point.registerLength) {
    rules.push({
      field: `${at}.registerLength`,
      key: 'template.point.lengthForVariant',
      params: { variant: point.variant, count: spec.registers },
    });
  }
  const registerBit = point.bitIndex !== null && point.bitIndex !== undefined;
  if (registerBit && (bitRegister || point.variant !== 'bit')) {
    rules.push({ field: `${at}.bitIndex`, key: 'template.point.bitIndexPlace' });
  }
  if (READ_ONLY_REGISTER_TYPES.includes(point.registerType) && point.readWrite !== 'readOnly') {
    rules.push({ field: `${at}.readWrite`, key: 'template.point.readOnlyRegister' });
  }
  return rules;
}

/**
 * A DL/T 645 point: a data identifier read (never written) as a number of `registerLength` BCD
 * bytes with `precision` decimals; a known identifier's format is the standard's.
 */
function meterRules(point: TemplatePointInput, at: string): TemplateRuleBroken[] {
  if (!point.dataIdentifier || !/^[0-9a-f]{8}$/i.test(point.dataIdentifier))
    return [{ field: `${at}.dataIdentifier`, key: 'template.point.dataIdentifier' }];
  const rules = readOnlyNumberRules(point, at);
  if (point.registerLength > 8) rules.push({ field: `${at}.registerLength`, key: 'template.point.meterBytes' });
  const known = knownFormat(point.dataIdentifier);
  if (known && (known.bytes !== point.registerLength || known.decimals !== point.precision))
    rules.push({
      field: `${at}.registerLength`,
      key: 'template.point.meterFormat',
      params: { di: point.dataIdentifier, bytes: known.bytes, decimals: known.decimals },
    });
  return rules;
}

/** A meter's point is read, never written, as a number. */
function readOnlyNumberRules(point: TemplatePointInput, at: string): TemplateRuleBroken[] {
  const rules: TemplateRuleBroken[] = [];
  if (point.readWrite !== 'readOnly') rules.push({ field: `${at}.readWrite`, key: 'template.point.meterReadOnly' });
  if (point.dataType !== 'numeric') rules.push({ field: `${at}.dataType`, key: 'template.point.meterNumeric' });
  return rules;
}

/**
 * A CJ/T 188 point: one item of a data identifier's answer (`901f:current`), read as a number in
 * the item's format, which is the standard's (decision 0114).
 */
function waterRules(point: TemplatePointInput, at: string, meterType: number | undefined): TemplateRuleBroken[] {
  const heat = meterType !== undefined && isHeatMeterType(meterType);
  const item = waterItem(
    point.dataIdentifier ?? '',
    meterType !== undefined && isMeterType(meterType) ? meterType : undefined,
  );
  if (!item)
    return [{ field: `${at}.dataIdentifier`, key: heat ? 'template.point.heatItem' : 'template.point.waterItem' }];
  const rules = readOnlyNumberRules(point, at);
  if (item.bytes !== point.registerLength || item.decimals !== point.precision)
    rules.push({
      field: `${at}.registerLength`,
      key: 'template.point.meterFormat',
      params: { di: point.dataIdentifier ?? '', bytes: item.bytes, decimals: item.decimals },
    });
  return rules;
}

/**
 * A custom protocol's point: the key of one of its data points, a number (decision 0140). Whether
 * the key is the protocol's and whether it may be written is the server's check: it has the definition.
 */
function customPointRules(point: TemplatePointInput, at: string): TemplateRuleBroken[] {
  if (!point.dataIdentifier) return [{ field: `${at}.dataIdentifier`, key: 'template.point.customKey' }];
  return point.dataType === 'numeric' ? [] : [{ field: `${at}.dataType`, key: 'template.point.meterNumeric' }];
}

function pointRules(
  point: TemplatePointInput,
  at: string,
  protocol: TemplateInput['protocol'],
  meterType: number | undefined,
): TemplateRuleBroken[] {
  const rules =
    protocol === 'dlt645'
      ? meterRules(point, at)
      : protocol === 'cjt188'
        ? waterRules(point, at, meterType)
        : protocol === 'custom'
          ? customPointRules(point, at)
          : registerRules(point, at);
  for (const field of ['formula', 'inverseFormula'] as const) {
    const text = point[field];
    if (!text) continue;
    if (point.dataType !== 'numeric') {
      rules.push({ field: `${at}.${field}`, key: 'template.point.formulaNumeric' });
      continue;
    }
    if (field === 'inverseFormula' && point.readWrite === 'readOnly') {
      rules.push({ field: `${at}.${field}`, key: 'template.point.readOnly' });
      continue;
    }
    const problem = formulaProblem(text);
    if (problem) rules.push({ field: `${at}.${field}`, key: problem.key, params: problem.params });
  }
  if (point.storage === 'onChange' && !(typeof point.amplitude === 'number' && point.amplitude > 0)) {
    rules.push({ field: `${at}.amplitude`, key: 'template.point.amplitude' });
  }
  return rules;
}

/**
 * Every rule of a whole template that spans more than one field (spec section 5), in the order of
 * the fields, so that the editor can mark each one. The field-by-field rules are templateInput's.
 */
export function templateRulesBroken(input: TemplateInput): TemplateRuleBroken[] {
  const rules = slaveRules(input.slaves, input.protocol);
  if (input.protocol === 'custom' && !input.customProtocolId)
    rules.push({ field: 'customProtocolId', key: 'template.customProtocol' });
  if (input.points.length > 0 && input.slaves.length === 0) {
    rules.push({ field: 'slaves', key: 'template.slaves.required' });
  }
  if (input.points.length > TEMPLATE_LIMITS.pointsPerTemplate) {
    rules.push({ field: 'points', key: 'template.points.max' });
  }
  const slaveIndexes = new Set(input.slaves.map((s) => s.index));
  const names = new Set<string>();
  input.points.forEach((point, i) => {
    const at = `points[${i}]`;
    if (input.slaves.length > 0 && !slaveIndexes.has(point.slaveIndex)) {
      rules.push({
        field: `${at}.slaveIndex`,
        key: 'template.point.slaveMissing',
        params: { index: point.slaveIndex },
      });
    }
    const name = `${point.slaveIndex}#${point.name}`;
    if (names.has(name)) rules.push({ field: `${at}.name`, key: 'template.point.nameTaken' });
    names.add(name);
    const meterType = input.slaves.find((s) => s.index === point.slaveIndex)?.address;
    rules.push(...pointRules(point, at, input.protocol, meterType));
  });
  return rules;
}

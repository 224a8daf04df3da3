import {
  type LibraryCategory,
  type ReadWriteMode,
  type RegisterType,
  type StorageType,
  type TemplateInput,
  type TemplatePointInput,
  VARIANTS,
  type Variant,
} from '@meridian/contracts';

/** An entry of the built-in device library: a ready template, with what it is and who makes it. */
export interface LibraryTemplate extends TemplateInput {
  category: LibraryCategory;
  vendor: string;
  model: string;
}

interface PointOptions {
  readWrite?: ReadWriteMode;
  formula?: string;
  inverseFormula?: string;
  precision?: number;
  unit?: string;
  description?: string;
  storage?: StorageType;
  amplitude?: number;
  bitIndex?: number;
  registers?: number;
}

/** A point on slave 1, its data type and length following from its variant. */
function point(
  name: string,
  registerType: RegisterType,
  registerAddress: string,
  variant: Variant,
  options: PointOptions = {},
): TemplatePointInput {
  const spec = VARIANTS[variant];
  return {
    slaveIndex: 1,
    name,
    registerType,
    registerAddress,
    registerLength: options.registers ?? spec.registers ?? 1,
    readWrite: options.readWrite ?? 'readOnly',
    dataType: spec.dataType,
    variant,
    bitIndex: options.bitIndex ?? null,
    precision: options.precision ?? 0,
    unit: options.unit ?? null,
    formula: options.formula ?? null,
    inverseFormula: options.inverseFormula ?? null,
    description: options.description ?? null,
    storage: options.storage ?? 'timed',
    amplitude: options.amplitude ?? null,
  };
}

const busSlave = (name: string, address = 1) => [{ index: 1, name, address, ip: null, port: null, deviceNo: null }];

/**
 * The built-in device library (seeded by migration 0011): common RS485 Modbus RTU devices with
 * their makers' register maps, at the makers' factory settings (slave address 1). A user copies
 * one into their own templates and adjusts the address or scaling to the unit installed.
 */
export const LIBRARY: LibraryTemplate[] = [
  {
    name: 'Temperature and Humidity Transmitter RS-WS-N01',
    protocol: 'modbusRtu',
    category: 'environment',
    vendor: 'Renke',
    model: 'RS-WS-N01',
    description: 'RS485 wall-mounted transmitter, 4800 8N1; function 03, values in tenths',
    slaves: busSlave('Transmitter'),
    points: [
      point('Humidity', 'holdingRegister', '0x0000', 'uint16', { formula: 'x / 10', precision: 1, unit: '%RH' }),
      point('Temperature', 'holdingRegister', '0x0001', 'int16', { formula: 'x / 10', precision: 1, unit: '°C' }),
      point('Device address', 'holdingRegister', '0x07D0', 'uint16', { readWrite: 'readWrite', storage: 'none' }),
    ],
  },
  {
    name: 'Three-phase Power Meter SDM630',
    protocol: 'modbusRtu',
    category: 'energy',
    vendor: 'Eastron',
    model: 'SDM630-Modbus',
    description: 'Three-phase four-wire multifunction meter; input registers, IEEE 754 float32 high word first',
    slaves: busSlave('Power meter'),
    points: [
      point('Phase 1 voltage', 'inputRegister', '0x0000', 'float32AbCd', { precision: 1, unit: 'V' }),
      point('Phase 2 voltage', 'inputRegister', '0x0002', 'float32AbCd', { precision: 1, unit: 'V' }),
      point('Phase 3 voltage', 'inputRegister', '0x0004', 'float32AbCd', { precision: 1, unit: 'V' }),
      point('Phase 1 current', 'inputRegister', '0x0006', 'float32AbCd', { precision: 2, unit: 'A' }),
      point('Phase 2 current', 'inputRegister', '0x0008', 'float32AbCd', { precision: 2, unit: 'A' }),
      point('Phase 3 current', 'inputRegister', '0x000A', 'float32AbCd', { precision: 2, unit: 'A' }),
      point('Total active power', 'inputRegister', '0x0034', 'float32AbCd', {
        formula: 'x / 1000',
        precision: 3,
        unit: 'kW',
      }),
      point('Total power factor', 'inputRegister', '0x003E', 'float32AbCd', { precision: 3 }),
      point('Frequency', 'inputRegister', '0x0046', 'float32AbCd', { precision: 2, unit: 'Hz' }),
      point('Import active energy', 'inputRegister', '0x0048', 'float32AbCd', {
        precision: 2,
        unit: 'kWh',
        storage: 'onChange',
        amplitude: 0.1,
      }),
      point('Total active energy', 'inputRegister', '0x0156', 'float32AbCd', { precision: 2, unit: 'kWh' }),
    ],
  },
  {
    name: 'Electromagnetic Flow Meter LDG',
    protocol: 'modbusRtu',
    category: 'flow',
    vendor: 'Sinomeasure',
    model: 'SUP-LDG',
    description: 'Converter with RS485; floats low word first (CD AB), totals as whole part plus fraction',
    slaves: busSlave('Flow converter'),
    points: [
      point('Instantaneous flow', 'holdingRegister', '0x1010', 'float32CdAb', { precision: 3, unit: 'm³/h' }),
      point('Flow velocity', 'holdingRegister', '0x1012', 'float32CdAb', { precision: 3, unit: 'm/s' }),
      point('Flow percentage', 'holdingRegister', '0x1014', 'float32CdAb', { precision: 1, unit: '%' }),
      point('Fluid conductivity', 'holdingRegister', '0x1016', 'float32CdAb', { precision: 1 }),
      point('Forward total whole part', 'holdingRegister', '0x1018', 'uint32CdAb', {
        unit: 'm³',
        storage: 'onChange',
        amplitude: 1,
      }),
      point('Forward total fraction', 'holdingRegister', '0x101A', 'float32CdAb', { precision: 3, unit: 'm³' }),
      point('Reverse total whole part', 'holdingRegister', '0x101C', 'uint32CdAb', { unit: 'm³' }),
      point('Reverse total fraction', 'holdingRegister', '0x101E', 'float32CdAb', { precision: 3, unit: 'm³' }),
    ],
  },
  {
    name: 'PLC S7-200 SMART Modbus Slave',
    protocol: 'modbusRtu',
    category: 'controller',
    vendor: 'Siemens',
    model: 'S7-200 SMART',
    description: 'MBUS_SLAVE: coils Q0.x, discrete inputs I0.x, holding registers from VB0',
    slaves: busSlave('PLC station'),
    points: [
      point('Pump run Q0_0', 'coil', '0', 'bit', { readWrite: 'readWrite', storage: 'onChange', amplitude: 1 }),
      point('Valve open Q0_1', 'coil', '1', 'bit', { readWrite: 'readWrite', storage: 'onChange', amplitude: 1 }),
      point('Alarm lamp Q0_2', 'coil', '2', 'bit', { readWrite: 'readWrite' }),
      point('Pump running I0_0', 'discreteInput', '0', 'bit', { storage: 'onChange', amplitude: 1 }),
      point('Emergency stop I0_1', 'discreteInput', '1', 'bit', { storage: 'onChange', amplitude: 1 }),
      point('Pressure setpoint VW0', 'holdingRegister', '0', 'int16', {
        readWrite: 'readWrite',
        formula: 'x / 100',
        inverseFormula: 'x * 100',
        precision: 2,
        unit: 'MPa',
      }),
      point('Batch counter VW2', 'holdingRegister', '1', 'uint16'),
      point('Run hours VD4', 'holdingRegister', '2', 'uint32AbCd', { unit: 'h' }),
      point('Auto mode V8_0', 'holdingRegister', '4', 'bit', { bitIndex: 8, readWrite: 'readWrite' }),
    ],
  },
  {
    name: 'Pressure Transmitter 4-20mA via AI Module',
    protocol: 'modbusRtu',
    category: 'pressure',
    vendor: 'Generic',
    model: '4-20mA AI module',
    description: 'Two 0-1.6 MPa transmitters on an analog input module reporting microamps (4000-20000)',
    slaves: busSlave('Analog module'),
    points: [
      point('Inlet pressure', 'inputRegister', '0x0000', 'uint16', {
        formula: 'max(x - 4000, 0) * 1.6 / 16000',
        precision: 3,
        unit: 'MPa',
      }),
      point('Outlet pressure', 'inputRegister', '0x0001', 'uint16', {
        formula: 'max(x - 4000, 0) * 1.6 / 16000',
        precision: 3,
        unit: 'MPa',
      }),
      point('Loop current AI0', 'inputRegister', '0x0000', 'uint16', { formula: 'x / 1000', precision: 2, unit: 'mA' }),
    ],
  },
  {
    name: 'Submersible Level Transmitter RS485',
    protocol: 'modbusRtu',
    category: 'level',
    vendor: 'Generic',
    model: 'Level transmitter RS485',
    description: 'Holding registers: unit code, decimal places, measured value; set to 3 decimals in metres',
    slaves: busSlave('Level sensor'),
    points: [
      point('Unit code', 'holdingRegister', '0x0002', 'uint16', { storage: 'none' }),
      point('Decimal places', 'holdingRegister', '0x0003', 'uint16', { storage: 'none' }),
      point('Water level', 'holdingRegister', '0x0004', 'int16', {
        formula: 'x / 1000',
        precision: 3,
        unit: 'm',
        storage: 'onChange',
        amplitude: 0.01,
      }),
    ],
  },
];

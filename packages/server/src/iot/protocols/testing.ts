import type { CustomProtocolInput } from '@meridian/contracts';

/** A level sensor read like a Modbus slave but described by its frames; its setpoint can be written. */
export const levelSensor: CustomProtocolInput = {
  name: 'Level sensor',
  request: '{addr:1} 03 00 00 00 03 {crc16modbus}',
  answerHeader: '{addr:1} 03 06',
  answerLength: 11,
  checksum: 'crc16modbus',
  points: [
    { key: 'level', name: 'Level', offset: 3, type: 'uint16', scale: 0.01, unit: 'm' },
    { key: 'temp', name: 'Temperature', offset: 5, type: 'int16', scale: 0.1, unit: '°C' },
    {
      key: 'setpoint',
      name: 'Setpoint',
      offset: 7,
      type: 'uint16',
      scale: 0.01,
      unit: 'm',
      write: '{addr:1} 06 00 02 {value} {crc16modbus}',
    },
  ],
};

/**
 * A meter woken by two FE bytes and framed by 68 (decision 0164): its request's byte sum and its
 * answer's start after the FE bytes; it answers its flow and its total.
 */
export const wokenMeter: CustomProtocolInput = {
  name: 'Woken meter',
  request: 'FE FE 68 {addr:1} 01 90 1F {sum8:2} 16',
  answerHeader: 'FE FE 68 {addr:1} 81',
  answerLength: 12,
  checksum: 'sum8',
  checksumFrom: 2,
  points: [
    { key: 'flow', name: 'Flow', offset: 5, type: 'uint16', scale: 0.1, unit: 'm³/h' },
    { key: 'total', name: 'Total', offset: 7, type: 'bcd', length: 4, scale: 0.01, unit: 'm³' },
  ],
};

/**
 * A meter whose answer says its own length (decision 0164): 68, address, 81, then L, the bytes
 * between L and the sum; the longest answer is 16 bytes.
 */
export const sizedMeter: CustomProtocolInput = {
  name: 'Sized meter',
  request: '68 {addr:1} 01 {sum8}',
  answerHeader: '68 {addr:1} 81',
  answerLength: 16,
  lengthAt: 3,
  lengthAdjust: 5,
  checksum: 'sum8',
  points: [
    { key: 'flow', name: 'Flow', offset: 4, type: 'uint16', scale: 0.1, unit: 'm³/h' },
    { key: 'total', name: 'Total', offset: 6, type: 'uint32', scale: 1, unit: 'm³' },
  ],
};

/** A template point reading the protocol's point `key`. */
export function customPoint(name: string, key: string, change: Record<string, unknown> = {}) {
  return {
    name,
    slaveIndex: 1,
    registerType: 'holdingRegister',
    registerAddress: 0,
    registerLength: 1,
    readWrite: 'readOnly',
    dataType: 'numeric',
    variant: 'uint16',
    precision: 2,
    storage: 'timed',
    dataIdentifier: key,
    ...change,
  };
}

import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';

/** A Device Cloud main account (role 10) calling the API in English. */
export async function mainAccount(t: TestApp): Promise<Caller> {
  return callerFor(t, await buildUser(t.db.kysely, { roleIds: [10], userType: 'main', identityId: null }));
}

/** A small sound template: a humidity and temperature transmitter on slave 1. */
export function sampleTemplate(name: string, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    protocol: 'modbusRtu',
    description: 'Warehouse sensors',
    slaves: [{ index: 1, name: 'Transmitter', address: 1 }],
    points: [
      {
        slaveIndex: 1,
        name: 'Humidity',
        registerType: 'holdingRegister',
        registerAddress: '0x0000',
        registerLength: 1,
        readWrite: 'readOnly',
        dataType: 'numeric',
        variant: 'uint16',
        precision: 1,
        unit: '%RH',
        formula: 'x / 10',
        storage: 'timed',
      },
      {
        slaveIndex: 1,
        name: 'Temperature',
        registerType: 'holdingRegister',
        registerAddress: '1',
        registerLength: 1,
        readWrite: 'readOnly',
        dataType: 'numeric',
        variant: 'int16',
        precision: 1,
        unit: '°C',
        formula: 'x / 10',
        storage: 'onChange',
        amplitude: 0.5,
      },
    ],
    ...change,
  };
}

/** A numeric holding-register point on slave 1, with `change` applied: the base of the rule tests. */
export function samplePoint(change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    slaveIndex: 1,
    name: 'Setpoint',
    registerType: 'holdingRegister',
    registerAddress: '0x0010',
    registerLength: 1,
    readWrite: 'readWrite',
    dataType: 'numeric',
    variant: 'int16',
    ...change,
  };
}

/** A device row of `ownerId`, inserted directly (the devices area builds its own calls). */
export async function insertDevice(t: TestApp, ownerId: number, templateId: number | null = null): Promise<number> {
  const at = Date.now();
  const row = await t.db.kysely
    .insertInto('devices')
    .values({
      owner_id: ownerId,
      name: `Device of ${ownerId}`,
      protocol: 'modbusRtu',
      query_interval: 60,
      template_id: templateId,
      enabled: true,
      cloud_config: false,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A DL/T 645 point: a data identifier read as `bytes` BCD bytes with `decimals` decimals. */
export function meterPoint(change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    slaveIndex: 1,
    name: 'Forward energy',
    dataIdentifier: '00010000',
    registerType: 'holdingRegister',
    registerAddress: 0,
    registerLength: 4,
    readWrite: 'readOnly',
    dataType: 'numeric',
    variant: 'float64',
    precision: 2,
    unit: 'kWh',
    storage: 'timed',
    ...change,
  };
}

/** A DL/T 645 template: two electricity meters on one bus, their energy and meter 1's phase A voltage. */
export function meterTemplate(name: string, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    protocol: 'dlt645',
    slaves: [
      { index: 1, name: 'Meter one', address: 0, meterAddress: '000000000001' },
      { index: 2, name: 'Meter two', address: 0, meterAddress: '000000000002' },
    ],
    points: [
      meterPoint({ name: 'Energy one' }),
      meterPoint({ name: 'Voltage A', dataIdentifier: '02010100', registerLength: 2, precision: 1, unit: 'V' }),
      meterPoint({ slaveIndex: 2, name: 'Energy two' }),
    ],
    ...change,
  };
}

/** A CJ/T 188 point: one item of the 901F answer, in the standard's format. */
export function waterPoint(change: Record<string, unknown> = {}): Record<string, unknown> {
  return meterPoint({ name: 'Cumulative flow', dataIdentifier: '901f:current', unit: 'm³', ...change });
}

/** A CJ/T 188 template: two cold water meters (type 10H) on one bus, their flow and meter 1's status. */
export function waterTemplate(name: string, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    protocol: 'cjt188',
    slaves: [
      { index: 1, name: 'Water one', address: 0x10, meterAddress: '00000000000001' },
      { index: 2, name: 'Water two', address: 0x10, meterAddress: '00000000000002' },
    ],
    points: [
      waterPoint({ name: 'Flow one' }),
      waterPoint({ name: 'Settled one', dataIdentifier: '901f:settlement' }),
      waterPoint({ name: 'Status one', dataIdentifier: '901f:status', registerLength: 2, precision: 0, unit: null }),
      waterPoint({ slaveIndex: 2, name: 'Flow two' }),
    ],
    ...change,
  };
}

/** A CJ/T 188 heat meter point: one item of a heat meter's 901F answer, in the standard's format. */
export function heatPoint(change: Record<string, unknown> = {}): Record<string, unknown> {
  return meterPoint({ name: 'Current heat', dataIdentifier: '901f:heat', unit: 'kWh', ...change });
}

/**
 * A CJ/T 188 template of heat meters (decision 0158): a heat meter (20H) and a cooling meter (21H)
 * on one bus; the heat meter's energy, power, flow rate and temperatures, the cooling meter's energy.
 */
export function heatTemplate(name: string, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    protocol: 'cjt188',
    slaves: [
      { index: 1, name: 'Heat one', address: 0x20, meterAddress: '00000000000021' },
      { index: 2, name: 'Cooling two', address: 0x21, meterAddress: '00000000000022' },
    ],
    points: [
      heatPoint({ name: 'Heat one' }),
      heatPoint({ name: 'Power one', dataIdentifier: '901f:power', unit: 'kW' }),
      heatPoint({ name: 'Flow rate one', dataIdentifier: '901f:flowrate', precision: 4, unit: 'm³/h' }),
      heatPoint({ name: 'Supply one', dataIdentifier: '901f:supply', registerLength: 3, unit: '°C' }),
      heatPoint({ name: 'Return one', dataIdentifier: '901f:return', registerLength: 3, unit: '°C' }),
      heatPoint({ slaveIndex: 2, name: 'Cold two' }),
    ],
    ...change,
  };
}

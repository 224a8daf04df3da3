/**
 * What templates, the gateway, the web editor and the simulated meters share of CJ/T 188-2004 (the
 * Chinese protocol of water, heat and gas meters, decision 0114): meter types, 14-digit meter
 * addresses and the data items of the read-data identifier 901F. The frame codec itself is
 * `@meridian/simulator/cjt188`.
 */

/** The meter types of CJ/T 188-2004 (the T byte of every frame) a template can choose. */
export const METER_TYPES = {
  coldWater: 0x10,
  hotWater: 0x11,
  drinkingWater: 0x12,
  reclaimedWater: 0x13,
  heat: 0x20,
  cooling: 0x21,
  gas: 0x30,
} as const;
export type MeterTypeName = keyof typeof METER_TYPES;
const METER_TYPE_CODES: readonly number[] = Object.values(METER_TYPES);

/** Whether a number is a meter type a template can choose. */
export function isMeterType(code: number): boolean {
  return METER_TYPE_CODES.includes(code);
}

/** Heat (20H) and cooling (21H) meters: their 901F answer carries energy, power and temperatures (decision 0158). */
export function isHeatMeterType(code: number): boolean {
  return code === METER_TYPES.heat || code === METER_TYPES.cooling;
}

/** The wildcard address of CJ/T 188: one meter alone on a bus answers it (and the type AA). */
export const WATER_WILDCARD_ADDRESS = 'aaaaaaaaaaaaaa';

/** Whether a string is a CJ/T 188 meter address: 14 decimal digits A6..A0 (or the AA..AA wildcard). */
export function isWaterMeterAddress(address: string): boolean {
  return /^\d{14}$/.test(address) || address.toLowerCase() === WATER_WILDCARD_ADDRESS;
}

/** Items of a data identifier's answer: where each starts in the data, its BCD format and unit. */
type ItemTable = Readonly<
  Record<string, { name: string; identifier: string; offset: number; bytes: number; decimals: number; unit: string }>
>;

/**
 * The items of one read of identifier 901F (metering data of a water or gas meter), as a template
 * point names them: `901f:current` the current cumulative flow, `901f:settlement` the cumulative
 * flow at the settlement day (4 BCD bytes with 2 decimals each, followed by a unit byte), and
 * `901f:status` the two status bytes (valve, battery) as one number.
 */
export const WATER_ITEMS = {
  '901f:current': { name: 'currentFlow', identifier: '901f', offset: 0, bytes: 4, decimals: 2, unit: 'm³' },
  '901f:settlement': { name: 'settlementFlow', identifier: '901f', offset: 5, bytes: 4, decimals: 2, unit: 'm³' },
  '901f:status': { name: 'status', identifier: '901f', offset: 17, bytes: 2, decimals: 0, unit: '' },
} as const satisfies ItemTable;
export type WaterItem = keyof typeof WATER_ITEMS;
export type WaterItemFormat = (typeof WATER_ITEMS)[WaterItem];

/**
 * The items of one read of 901F of a heat or cooling meter (decision 0158), in the gateway's units
 * whatever unit byte the meter sends: energy in kWh, power in kW, flow rate in m³/h, volume in m³,
 * temperatures in °C, working time in hours. `offset` is where the item starts in the 43 data bytes
 * (after DI and SER); `bytes` and `decimals` are the standard's BCD format, which a point must keep.
 */
export const HEAT_ITEMS = {
  '901f:settlementheat': { name: 'settlementHeat', identifier: '901f', offset: 0, bytes: 4, decimals: 2, unit: 'kWh' },
  '901f:heat': { name: 'currentHeat', identifier: '901f', offset: 5, bytes: 4, decimals: 2, unit: 'kWh' },
  '901f:power': { name: 'heatPower', identifier: '901f', offset: 10, bytes: 4, decimals: 2, unit: 'kW' },
  '901f:flowrate': { name: 'flowRate', identifier: '901f', offset: 15, bytes: 4, decimals: 4, unit: 'm³/h' },
  '901f:volume': { name: 'volume', identifier: '901f', offset: 20, bytes: 4, decimals: 2, unit: 'm³' },
  '901f:supply': { name: 'supplyTemperature', identifier: '901f', offset: 25, bytes: 3, decimals: 2, unit: '°C' },
  '901f:return': { name: 'returnTemperature', identifier: '901f', offset: 28, bytes: 3, decimals: 2, unit: '°C' },
  '901f:workinghours': { name: 'workingHours', identifier: '901f', offset: 31, bytes: 3, decimals: 0, unit: 'h' },
  '901f:heatstatus': { name: 'heatStatus', identifier: '901f', offset: 41, bytes: 2, decimals: 0, unit: '' },
} as const satisfies ItemTable;
export type HeatItem = keyof typeof HEAT_ITEMS;
export type MeterItemFormat = WaterItemFormat | (typeof HEAT_ITEMS)[HeatItem];

/**
 * The item a template point names, undefined for anything else; with a meter type, only the items
 * of that type's 901F layout (a water or gas meter's, or a heat or cooling meter's).
 */
export function waterItem(id: string, type?: number): MeterItemFormat | undefined {
  const key = id.toLowerCase();
  const water = (WATER_ITEMS as Record<string, WaterItemFormat>)[key];
  const heat = (HEAT_ITEMS as Record<string, MeterItemFormat>)[key];
  if (type === undefined) return water ?? heat;
  return isHeatMeterType(type) ? heat : water;
}

/** The items a meter of `type` offers, by the id a point names. */
export function meterItems(type: number): Readonly<Record<string, MeterItemFormat>> {
  return isHeatMeterType(type) ? HEAT_ITEMS : WATER_ITEMS;
}

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
  gas: 0x30,
} as const;
export type MeterTypeName = keyof typeof METER_TYPES;
const METER_TYPE_CODES: readonly number[] = Object.values(METER_TYPES);

/** Whether a number is a meter type a template can choose. */
export function isMeterType(code: number): boolean {
  return METER_TYPE_CODES.includes(code);
}

/** The wildcard address of CJ/T 188: one meter alone on a bus answers it (and the type AA). */
export const WATER_WILDCARD_ADDRESS = 'aaaaaaaaaaaaaa';

/** Whether a string is a CJ/T 188 meter address: 14 decimal digits A6..A0 (or the AA..AA wildcard). */
export function isWaterMeterAddress(address: string): boolean {
  return /^\d{14}$/.test(address) || address.toLowerCase() === WATER_WILDCARD_ADDRESS;
}

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
} as const satisfies Readonly<
  Record<string, { name: string; identifier: string; offset: number; bytes: number; decimals: number; unit: string }>
>;
export type WaterItem = keyof typeof WATER_ITEMS;
export type WaterItemFormat = (typeof WATER_ITEMS)[WaterItem];

/** The item a template point names, undefined for anything else. */
export function waterItem(id: string): WaterItemFormat | undefined {
  return (WATER_ITEMS as Record<string, WaterItemFormat>)[id.toLowerCase()];
}

/**
 * What templates, the gateway, the web editor and the simulated meters share of DL/T 645-2007 (the
 * Chinese multi-function electricity meter protocol, decision 0086): meter addresses, data
 * identifiers and their value formats. The frame codec itself is `@meridian/simulator/dlt645`.
 */

/** A data identifier's value format: bytes on the wire, decimals, unit, and whether the top bit is a sign. */
export interface DataFormat {
  bytes: number;
  decimals: number;
  unit: string;
  signed: boolean;
}

/** The identifiers a template offers by name (DL/T 645-2007 appendix A), DI3..DI0 as hex. */
export const KNOWN_IDENTIFIERS = {
  '00000000': { name: 'combinedActiveEnergy', bytes: 4, decimals: 2, unit: 'kWh', signed: true },
  '00010000': { name: 'forwardActiveEnergy', bytes: 4, decimals: 2, unit: 'kWh', signed: false },
  '00020000': { name: 'reverseActiveEnergy', bytes: 4, decimals: 2, unit: 'kWh', signed: false },
  '02010100': { name: 'voltageA', bytes: 2, decimals: 1, unit: 'V', signed: false },
  '02010200': { name: 'voltageB', bytes: 2, decimals: 1, unit: 'V', signed: false },
  '02010300': { name: 'voltageC', bytes: 2, decimals: 1, unit: 'V', signed: false },
  '02020100': { name: 'currentA', bytes: 3, decimals: 3, unit: 'A', signed: true },
  '02020200': { name: 'currentB', bytes: 3, decimals: 3, unit: 'A', signed: true },
  '02020300': { name: 'currentC', bytes: 3, decimals: 3, unit: 'A', signed: true },
  '02030000': { name: 'activePower', bytes: 3, decimals: 4, unit: 'kW', signed: true },
  '02060000': { name: 'powerFactor', bytes: 2, decimals: 3, unit: '', signed: true },
  '02800002': { name: 'frequency', bytes: 2, decimals: 2, unit: 'Hz', signed: false },
} as const satisfies Readonly<Record<string, DataFormat & { name: string }>>;
export type KnownIdentifier = keyof typeof KNOWN_IDENTIFIERS;

/** The wildcard meter address: one meter alone on a bus answers it. */
export const WILDCARD_ADDRESS = 'aaaaaaaaaaaa';

/** Whether a string is a meter address: 12 decimal digits (or the AA..AA wildcard). */
export function isMeterAddress(address: string): boolean {
  return /^\d{12}$/.test(address) || address.toLowerCase() === WILDCARD_ADDRESS;
}

/** Whether a string is a data identifier: 8 hex digits, DI3 first as the standard writes them. */
export function isDataIdentifier(di: string): boolean {
  return /^[0-9a-fA-F]{8}$/.test(di);
}

/** The standard's format of a known identifier, undefined for the others. */
export function knownFormat(di: string): (DataFormat & { name: string }) | undefined {
  return (KNOWN_IDENTIFIERS as Record<string, DataFormat & { name: string }>)[di.toLowerCase()];
}

/**
 * The format a template point is read with: a known identifier's from the standard, otherwise the
 * point's own bytes and decimals, unsigned (decision 0093).
 */
export function pointFormat(di: string, bytes: number, decimals: number, unit: string | null): DataFormat {
  return knownFormat(di) ?? { bytes, decimals, unit: unit ?? '', signed: false };
}

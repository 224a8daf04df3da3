// What the DL/T 645 bench (bench/dlt645.ts) and its meters' process (bench/dlt645-meters.ts) agree on.

/** Meter `m` (from 1) of bus `n` (from 1): 12 digits, the bus then the meter. */
export const meterAddress = (n: number, m: number) => `${String(n).padStart(8, '0')}${String(m).padStart(4, '0')}`;

/** The SN of DTU `n` (from 1): the prefix and the number, 20 characters. */
export const meterDtuSn = (prefix: string, n: number) => prefix + String(n).padStart(20 - prefix.length, '0');

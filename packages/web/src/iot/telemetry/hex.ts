import { DTU_PROTOCOLS } from '@meridian/contracts';
/** Hex as people read it: upper case, a space between bytes (`01 03 00 00`). */
export function spacedHex(hex: string): string {
  return (
    hex
      .replace(/\s+/g, '')
      .toUpperCase()
      .match(/.{1,2}/g)
      ?.join(' ') ?? ''
  );
}

/** Whether a device of this protocol can be sent raw bytes: only DTU-connected devices pass them through. */
export const debuggable = (protocol: string) => (DTU_PROTOCOLS as readonly string[]).includes(protocol);

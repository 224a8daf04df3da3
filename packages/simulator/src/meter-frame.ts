/**
 * What the two Chinese meter protocols' frames share (DL/T 645 and CJ/T 188): a frame starts with
 * 0x68 after a few 0xFE wake-up bytes, carries a fixed header ending with the data length L, then
 * L data bytes, a checksum (the sum modulo 256 of every byte from the first 68 to the last data
 * byte) and 0x16. Addresses are BCD, lowest pair first. Each protocol's codec says what its header
 * holds. Pure functions, never throwing on bytes from the wire.
 */

export const START = 0x68;
export const END = 0x16;
export const PREAMBLE = 0xfe;

/** The address bytes of a BCD address, lowest pair first ("000000000001" → 01 00 .. 00). */
export function addressBytes(address: string): Buffer {
  return Buffer.from(address, 'hex').reverse();
}

/** The BCD address of address bytes sent lowest pair first. */
export function addressOf(bytes: Uint8Array): string {
  return Buffer.from(bytes).reverse().toString('hex');
}

function checksum(bytes: Uint8Array, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += bytes[i];
  return sum & 0xff;
}

/** A whole frame: `preamble` wake-up bytes, the header (from 68 to L), the data, the checksum and 16. */
export function encodeMeterFrame(preamble: number, header: readonly number[], data: ArrayLike<number>): Buffer {
  const out = Buffer.alloc(preamble + header.length + data.length + 2, PREAMBLE);
  out.set(header, preamble);
  const end = preamble + header.length + data.length;
  out.set(data, preamble + header.length);
  out[end] = checksum(out, preamble, end);
  out[end + 1] = END;
  return out;
}

export type ParseResult<F> =
  | { kind: 'frame'; frame: F; length: number }
  /** More bytes are needed before anything can be said. */
  | { kind: 'incomplete' }
  /** A whole frame whose checksum or end byte is wrong; `length` bytes are to be dropped. */
  | { kind: 'corrupt'; length: number; reason: 'checksum' | 'end' }
  /** Bytes that do not start a frame; `length` of them are to be dropped. */
  | { kind: 'garbage'; length: number };

/**
 * Finds the first whole frame at the start of `bytes`, skipping the preamble, for a protocol whose
 * header (from 68 to L) is `header` bytes long; `headerValid` checks the header's fixed bytes.
 * Answers where the frame starts and where its data ends, or why there is no frame yet.
 */
export function scanMeterFrame(
  bytes: Uint8Array,
  header: number,
  headerValid: (start: number) => boolean = () => true,
): { kind: 'found'; start: number; end: number } | Exclude<ParseResult<never>, { kind: 'frame' }> {
  let start = 0;
  while (start < bytes.length && bytes[start] === PREAMBLE) start++;
  if (start === bytes.length) return { kind: 'incomplete' };
  if (bytes[start] !== START) {
    let next = start + 1;
    while (next < bytes.length && bytes[next] !== START && bytes[next] !== PREAMBLE) next++;
    return { kind: 'garbage', length: next };
  }
  if (bytes.length < start + header) return { kind: 'incomplete' };
  if (!headerValid(start)) return { kind: 'garbage', length: start + 1 };
  const end = start + header + bytes[start + header - 1];
  if (bytes.length < end + 2) return { kind: 'incomplete' };
  if (checksum(bytes, start, end) !== bytes[end]) return { kind: 'corrupt', length: end + 2, reason: 'checksum' };
  if (bytes[end + 1] !== END) return { kind: 'corrupt', length: end + 2, reason: 'end' };
  return { kind: 'found', start, end };
}

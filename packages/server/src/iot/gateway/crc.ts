/**
 * CRC-16/MODBUS (poly 0xA001 reflected, init 0xFFFF), table-driven: one lookup per byte, the hot
 * path of every frame. Written here rather than taken from the `crc` package, which pulls the
 * browser `buffer` polyfill in as a peer dependency for what is twelve lines (decision 0026).
 */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** The CRC of `bytes[start, end)`. */
export function crc16(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number);
  return crc;
}

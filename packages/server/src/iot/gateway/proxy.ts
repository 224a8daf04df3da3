import { isIP, type Socket } from 'node:net';
import { Command, IPv4ProxyAddress, IPv6ProxyAddress, V1BinaryProxyProtocol, V2ProxyProtocol } from 'proxy-protocol-js';

// The PROXY protocol header (v1 text, v2 binary; haproxy's proxy-protocol.txt) that nginx's stream
// module sends before the DTU's bytes with `proxy_protocol on` (decision 0107): without it every
// DTU behind the load balancer looks like the load balancer.

const V1_PREFIX = Buffer.from('PROXY ');
const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
/** The longest v1 line (spec 2.1), CRLF included. */
const V1_MAX = 107;
/** A v2 header is 16 bytes and its addresses; more than this is not a header a proxy in front of DTUs sends. */
const V2_MAX = 16 + 536;

export interface Origin {
  ip: string;
  port: number;
  /** What came after the header: the DTU's first bytes. */
  rest: Buffer;
}

/** A proper prefix of `whole`, or equal to its start: more bytes may still make it. */
const startsLike = (bytes: Buffer, whole: Buffer) =>
  bytes.subarray(0, whole.length).equals(whole.subarray(0, Math.min(bytes.length, whole.length)));

/**
 * The connection's origin once `bytes` hold a whole header; null while more bytes are needed.
 * Throws on bytes that are not a header. A v2 LOCAL header (the proxy's own health check) and an
 * UNKNOWN v1 one give the socket's own address.
 */
export function originOf(bytes: Buffer, socket: Pick<Socket, 'remoteAddress' | 'remotePort'>): Origin | null {
  const own = (rest: Buffer): Origin => ({ ip: socket.remoteAddress ?? 'unknown', port: socket.remotePort ?? 0, rest });
  if (startsLike(bytes, V2_SIGNATURE)) {
    if (bytes.length < 16) return null;
    const total = 16 + bytes.readUInt16BE(14);
    if (total > V2_MAX) throw new Error('PROXY v2 header too long');
    if (bytes.length < total) return null;
    const header = V2ProxyProtocol.parse(bytes);
    const rest = bytes.subarray(total);
    if (header.command === Command.LOCAL) return own(rest);
    const address = header.proxyAddress;
    if (address instanceof IPv4ProxyAddress)
      return { ip: address.sourceAddress.address.join('.'), port: address.sourcePort, rest };
    if (address instanceof IPv6ProxyAddress) {
      const words = [];
      for (let i = 0; i < 16; i += 2)
        words.push(
          (
            (address.sourceAddress.address[i] as number) * 256 +
            (address.sourceAddress.address[i + 1] as number)
          ).toString(16),
        );
      return { ip: words.join(':'), port: address.sourcePort, rest };
    }
    return own(rest);
  }
  if (startsLike(bytes, V1_PREFIX)) {
    const end = bytes.indexOf('\r\n');
    if (end < 0) {
      if (bytes.length >= V1_MAX) throw new Error('PROXY v1 line too long');
      return null;
    }
    if (end + 2 > V1_MAX) throw new Error('PROXY v1 line too long');
    const rest = bytes.subarray(end + 2);
    if (
      bytes.subarray(0, end).toString('latin1') === 'PROXY UNKNOWN' ||
      bytes.subarray(0, end).toString('latin1').startsWith('PROXY UNKNOWN ')
    )
      return own(rest);
    const header = V1BinaryProxyProtocol.parse(bytes.subarray(0, end + 2));
    if (!isIP(header.source.ipAddress)) throw new Error('PROXY v1 source is not an address');
    return { ip: header.source.ipAddress, port: header.source.port, rest };
  }
  throw new Error('no PROXY header');
}

/**
 * Waits for the header of a connection from the load balancer: the origin, with the socket paused
 * for its next reader; `bad` when the bytes are not a header or none came within `timeoutMs`, and
 * `gone` when it closed first (the socket is then destroyed).
 */
export function readProxyHeader(socket: Socket, timeoutMs: number): Promise<Origin | 'bad' | 'gone'> {
  return new Promise((resolve) => {
    let bytes = Buffer.alloc(0);
    const done = (origin: Origin | 'bad' | 'gone') => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      if (typeof origin === 'string') socket.destroy();
      resolve(origin);
    };
    const onData = (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      try {
        const origin = originOf(bytes, socket);
        if (origin) {
          // Nothing more is read until the DTU's handler takes the socket in the same tick.
          socket.pause();
          done(origin);
        }
      } catch {
        done('bad');
      }
    };
    const onClose = () => done('gone');
    const timer = setTimeout(() => done('bad'), timeoutMs);
    socket.on('data', onData);
    socket.on('close', onClose);
  });
}

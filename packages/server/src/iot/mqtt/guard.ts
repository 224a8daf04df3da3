import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/** The MQTT control packet types by the high nibble of a packet's first byte, as logged. */
const PACKET_TYPES = [
  'reserved',
  'connect',
  'connack',
  'publish',
  'puback',
  'pubrec',
  'pubrel',
  'pubcomp',
  'subscribe',
  'suback',
  'unsubscribe',
  'unsuback',
  'pingreq',
  'pingresp',
  'disconnect',
  'auth',
] as const;

export interface Oversized {
  /** The packet's type, as MQTT names it. */
  type: (typeof PACKET_TYPES)[number];
  /** The remaining length its fixed header announced; null when the length itself was malformed. */
  length: number | null;
  limit: number;
  signedIn: boolean;
}

/**
 * Sits between a device's socket and aedes and reads only the framing of what passes: each fixed
 * header's remaining length, as soon as its last byte arrives. A packet announced above the limit
 * (a few KiB until the device has signed in, then the largest message plus its topic) closes the
 * connection there, before aedes's parser (mqtt-packet, which has no size limit of its own) starts
 * buffering the packet's body. Bodies within the limit pass through as they come; nothing is held.
 */
export class PacketGuard extends Duplex {
  readonly socket: Socket;
  readonly #limits: { beforeSignIn: number; signedIn: number };
  readonly #onOversized: (packet: Oversized) => void;
  #signedIn = false;
  /** Where the framing is: a packet's first byte next, its remaining length, or its body. */
  #at: 'type' | 'length' | 'body' = 'type';
  #type = 0;
  #length = 0;
  #lengthBytes = 0;
  /** Bytes of the current packet's body still to pass. */
  #body = 0;

  constructor(
    socket: Socket,
    limits: { beforeSignIn: number; signedIn: number },
    onOversized: (packet: Oversized) => void,
  ) {
    super({ allowHalfOpen: false });
    this.socket = socket;
    this.#limits = limits;
    this.#onOversized = onOversized;
    socket.on('data', (chunk: Buffer) => {
      if (!this.#passes(chunk)) return;
      if (!this.push(chunk)) socket.pause();
    });
    // A socket that ended cleanly leaves what aedes has not read yet to be read; one that closed
    // otherwise (reset, destroyed) takes the connection down at once.
    let ended = false;
    socket.on('end', () => {
      ended = true;
      this.push(null);
    });
    // aedes hears a socket's error (a device that vanished without a FIN) as the guard's.
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => {
      if (!ended) this.destroy();
    });
  }

  /** From now on the device's own limit applies (called once its CONNECT is accepted). */
  signedIn(): void {
    this.#signedIn = true;
  }

  get remoteAddress(): string | undefined {
    return this.socket.remoteAddress;
  }

  /** Follows the framing through `chunk`; false (and the connection closed) at an oversized packet. */
  #passes(chunk: Buffer): boolean {
    let i = 0;
    while (i < chunk.length) {
      if (this.#at === 'body') {
        const skip = Math.min(this.#body, chunk.length - i);
        this.#body -= skip;
        i += skip;
        if (this.#body === 0) this.#at = 'type';
        continue;
      }
      const byte = chunk[i++] as number;
      if (this.#at === 'type') {
        this.#type = byte >> 4;
        this.#length = 0;
        this.#lengthBytes = 0;
        this.#at = 'length';
        continue;
      }
      // A byte of the remaining length: seven bits each, least significant first, at most four.
      this.#length += (byte & 0x7f) * 128 ** this.#lengthBytes++;
      const more = (byte & 0x80) !== 0;
      const limit = this.#signedIn ? this.#limits.signedIn : this.#limits.beforeSignIn;
      if (more && this.#lengthBytes === 4) return this.#refuse(null, limit);
      if (this.#length > limit) return this.#refuse(this.#length, limit);
      if (more) continue;
      this.#body = this.#length;
      this.#at = this.#body > 0 ? 'body' : 'type';
    }
    return true;
  }

  #refuse(length: number | null, limit: number): false {
    const type = PACKET_TYPES[this.#type] ?? 'reserved';
    this.#onOversized({ type, length, limit, signedIn: this.#signedIn });
    this.destroy();
    return false;
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.socket.write(chunk, done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.socket.end(done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.socket.destroy();
    done(error);
  }
}

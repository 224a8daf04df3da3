import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type Oversized, PacketGuard } from './guard.ts';

const LIMITS = { beforeSignIn: 4096, signedIn: 65_600 };

/** A guard over a stand-in socket: what is written to `wire` is what the device sent. */
function guarded() {
  const wire = new PassThrough();
  const refused: Oversized[] = [];
  const guard = new PacketGuard(wire as unknown as Socket, LIMITS, (packet) => refused.push(packet));
  const passed: Buffer[] = [];
  guard.on('data', (chunk: Buffer) => passed.push(chunk));
  guard.on('error', () => undefined);
  /** Sends `bytes` one at a time, each its own chunk, and lets the guard see them. */
  const send = async (bytes: Buffer) => {
    for (const byte of bytes) {
      if (guard.destroyed) break;
      wire.write(Buffer.from([byte]));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { guard, refused, send, passed: () => Buffer.concat(passed) };
}

/** A packet of `type` (the first byte) with a body of `length` bytes. */
function packet(first: number, length: number): Buffer {
  const header = [first];
  let n = length;
  do {
    header.push((n % 128) | (n >= 128 ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n > 0);
  return Buffer.concat([Buffer.from(header), Buffer.alloc(length, 7)]);
}

describe('the MQTT packet guard', () => {
  it('passes packets within the limits unchanged, however the bytes are split', async () => {
    const { guard, refused, send, passed } = guarded();
    const connect = packet(0x10, 4096);
    await send(connect);
    guard.signedIn();
    const traffic = Buffer.concat([packet(0x32, 65_600), packet(0xc0, 0), packet(0x82, 200), packet(0xe0, 0)]);
    await send(traffic);
    expect(refused).toEqual([]);
    expect(guard.destroyed).toBe(false);
    expect(passed().equals(Buffer.concat([connect, traffic]))).toBe(true);
  });

  it('closes at the length byte that takes a packet before sign-in over its limit, passing none of its body', async () => {
    const { guard, refused, send, passed } = guarded();
    // CONNECT announcing 268,435,455 bytes: over 4 KiB from its second length byte.
    await send(Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f, 1, 2, 3]));
    expect(refused).toEqual([{ type: 'connect', length: 16_383, limit: 4096, signedIn: false }]);
    expect(guard.destroyed).toBe(true);
    // Sent a byte at a time, the bytes before the deciding one had gone through on their own.
    expect([...passed()]).toEqual([0x10, 0xff]);
  });

  it('applies the limit before sign-in to every packet until then, and the larger one after', async () => {
    const early = guarded();
    await early.send(packet(0x30, 5000));
    expect(early.refused).toEqual([{ type: 'publish', length: 5000, limit: 4096, signedIn: false }]);

    const late = guarded();
    await late.send(packet(0x10, 50));
    late.guard.signedIn();
    await late.send(packet(0x30, 5000));
    await late.send(packet(0x30, 65_601));
    expect(late.refused).toEqual([{ type: 'publish', length: 65_601, limit: 65_600, signedIn: true }]);
    expect(late.passed().length).toBe(52 + 5003 + 3);
  });

  it('closes on a remaining length longer than four bytes', async () => {
    const { guard, refused, send } = guarded();
    guard.signedIn();
    await send(Buffer.from([0xc0, 0x80, 0x80, 0x80, 0x80, 0x00]));
    expect(refused).toEqual([{ type: 'pingreq', length: null, limit: 65_600, signedIn: true }]);
    expect(guard.destroyed).toBe(true);
  });
});

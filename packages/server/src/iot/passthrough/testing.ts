import { connect } from 'node:net';
import { encodeRequest, parseReply } from '@meridian/simulator/modbus';
import { expect } from 'vitest';
import type { TestDtu } from '../gateway/testing.ts';

/**
 * A Modbus RTU template with one holding register (address 0, uint16) on the slave at `address`:
 * what the passthrough tests poll before a session or a group takes the line.
 */
export function oneRegisterTemplate(name: string, address = 1, point = 'Counter') {
  return {
    name,
    protocol: 'modbusRtu',
    slaves: [{ index: 1, name: `PLC ${address}`, address }],
    points: [
      {
        name: point,
        slaveIndex: 1,
        registerType: 'holdingRegister',
        registerAddress: 0,
        registerLength: 1,
        readWrite: 'readOnly',
        dataType: 'numeric',
        variant: 'uint16',
        storage: 'timed',
      },
    ],
  };
}

/** A PC client of a passthrough port that sent `firstLine`: what it received, and when it was closed. */
export async function pcClient(port: number, firstLine: string) {
  const socket = connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(firstLine);
  return { socket, closed, received: () => received, clear: () => (received = Buffer.alloc(0)) };
}

/**
 * The master behind a group's management DTU sends a read of `slave`'s holding register `address`
 * on its serial line and waits for the whole reply: the register's value.
 */
export async function masterReads(management: TestDtu, slave: number, address = 0): Promise<number> {
  management.received.length = 0;
  const request = { slave, fn: 3, address, count: 1 } as const;
  management.send(encodeRequest(request, 'rtu'));
  const reply = () => parseReply(request, Buffer.concat(management.received), 'rtu');
  await expect.poll(() => reply().kind, { timeout: 10_000 }).toBe('ok');
  const verdict = reply();
  return verdict.kind === 'ok' ? Buffer.from(verdict.data).readUInt16BE(0) : -1;
}

import { connect } from 'node:net';

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

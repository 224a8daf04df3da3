import { createServer, type Server, type Socket } from 'node:net';

/** One DTU connection as a test gateway sees it: read exactly n bytes, write requests. */
export class Peer {
  readonly socket: Socket;
  #buffer = Buffer.alloc(0);
  #waiter: (() => void) | undefined;
  closed = false;

  constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#waiter?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.#waiter?.();
    });
    socket.on('error', () => undefined);
  }

  /** Resolves with the next `n` bytes; rejects if they have not come within `withinMs` (a bound, not a timing check). */
  async read(n: number, withinMs = 5000): Promise<Buffer> {
    const deadline = Date.now() + withinMs;
    while (this.#buffer.length < n) {
      if (this.closed) throw new Error(`connection closed with ${this.#buffer.length} of ${n} bytes`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`only ${this.#buffer.length} of ${n} bytes arrived`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#waiter = undefined;
    }
    const out = this.#buffer.subarray(0, n);
    this.#buffer = this.#buffer.subarray(n);
    return out;
  }

  /** What has arrived and not been read. */
  get unread(): number {
    return this.#buffer.length;
  }

  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }
}

/** A stand-in for the gateway's DTU port on 127.0.0.1 and a free port: hands out each connection as a Peer. */
export class TestGateway {
  readonly server: Server;
  readonly #peers: Peer[] = [];
  readonly #sockets = new Set<Socket>();
  #waiters: ((p: Peer) => void)[] = [];

  constructor() {
    this.server = createServer((socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
      const peer = new Peer(socket);
      const waiter = this.#waiters.shift();
      if (waiter) waiter(peer);
      else this.#peers.push(peer);
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  /** The next connection, bounded by `withinMs`. */
  accept(withinMs = 10_000): Promise<Peer> {
    const ready = this.#peers.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no connection came')), withinMs);
      this.#waiters.push((peer) => {
        clearTimeout(timer);
        resolve(peer);
      });
    });
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A camera for tests and walks: ffmpeg's test picture as H.264 in HTTP-FLV, served on 127.0.0.1. */
export interface TestCamera {
  /** The stream address to give the camera (`http://127.0.0.1:PORT/live.flv`). */
  url: string;
  /** The camera stops: its encoders end and it accepts no more viewers. */
  stop(): Promise<void>;
}

/**
 * Starts the test camera. Each connection gets its own ffmpeg playing `testsrc` (320x240, 10 frames
 * a second, a key frame every second), as `ffmpeg -listen 1 http://…` would serve one, but on a
 * port the system picks. An RTSP camera is the same ffmpeg input with another address (decision 0112).
 */
export async function startTestCamera(): Promise<TestCamera> {
  const encoders = new Set<ChildProcess>();
  const server: Server = createServer((request, response) => {
    if (request.url !== '/live.flv') {
      response.writeHead(404).end('not found');
      return;
    }
    const ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '10'],
        ...['-f', 'flv', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    encoders.add(ffmpeg);
    ffmpeg.once('exit', () => {
      encoders.delete(ffmpeg);
      response.end();
    });
    response.writeHead(200, { 'content-type': 'video/x-flv' });
    ffmpeg.stdout.pipe(response);
    request.socket.once('close', () => ffmpeg.kill('SIGKILL'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/live.flv`,
    async stop() {
      const ending = [...encoders].map((e) => new Promise((resolve) => e.once('exit', resolve)));
      for (const e of encoders) e.kill('SIGKILL');
      server.closeAllConnections();
      await Promise.all([...ending, new Promise((resolve) => server.close(resolve))]);
    },
  };
}

/** A server at an `.flv` address that answers a web page: an address that is not a stream. */
export async function startNotAStream(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Router login</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/live.flv`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// `npm run demo`: the server with demo data on, and the simulator playing the demo devices
// against its DTU port and MQTT broker, so that a first visitor sees live values within a minute
// (docs/simulator.md). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { demoFleet } from '@meridian/simulator';

const root = path.resolve(import.meta.dirname, '..');
const env: NodeJS.ProcessEnv = { ...process.env, DEMO_DATA: process.env.DEMO_DATA ?? 'on' };
const dtuPort = Number(env.DTU_PORT ?? 15000);
const mqttUrl = env.MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT ?? 1883}`;

const server = spawn(process.execPath, [path.join(root, 'packages/server/src/main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
  // Its own process group: Ctrl+C reaches this script alone, which passes it on once. A second
  // SIGINT would stop the server at once instead of draining it.
  detached: true,
});

/** Whether something accepts connections on the port: the gateway opens it after the demo data is written. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let serverExited = false;
server.once('exit', (code) => {
  serverExited = true;
  process.exitCode = code ?? 1;
});

// Bounded: a first start builds the demo district (seconds), but a server that never opens the port is reported.
let up = false;
for (let i = 0; i < 240 && !serverExited && !up; i++) {
  up = await listening(dtuPort);
  if (!up) await new Promise((resolve) => setTimeout(resolve, 500));
}
if (!up) {
  console.error(`demo: the gateway did not open port ${dtuPort}; is the gateway service running?`);
  server.kill('SIGINT');
} else {
  const fleet = demoFleet({ host: '127.0.0.1', port: dtuPort }, mqttUrl);
  await fleet.start();
  console.log(
    `demo: simulating ${fleet.dtus.length} DTUs and ${fleet.mqttDevices.length} MQTT device; ` +
      'sign in as demo_iot to watch them (Ctrl+C stops the server and the simulator)',
  );
  const stats = setInterval(() => console.log(`demo simulator: ${fleet.stats.line()}`), 60_000);
  const stop = async () => {
    clearInterval(stats);
    await fleet.stop();
    if (!serverExited) server.kill('SIGINT');
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  server.once('exit', () => void stop());
}

// The DL/T 645 bench's meters (bench/dlt645.ts), in their own process: `--dtus` simulated DTUs, each
// with `--meters` DL/T 645-2007 meters on its RS485 bus (the same addresses on every bus, as the
// bench's one template names them) answering the combined active energy
// (00010000), connecting `--ramp` per second to the gateway at `--gateway`. Runs until killed.
import { parseArgs } from 'node:util';
import { Dlt645Meter, SimulatedDtu, Stats, Ticker } from '../packages/simulator/src/index.ts';
import { meterAddress, meterDtuSn } from './meter-addresses.ts';

const { values } = parseArgs({
  options: {
    gateway: { type: 'string' },
    dtus: { type: 'string' },
    meters: { type: 'string' },
    'sn-prefix': { type: 'string' },
    password: { type: 'string' },
    ramp: { type: 'string' },
  },
});
const [host = '127.0.0.1', port = '0'] = (values.gateway ?? '').split(':');
const dtus = Number(values.dtus);
const metersPerBus = Number(values.meters);
const prefix = values['sn-prefix'] ?? 'MTR';
const ramp = Number(values.ramp ?? 200);

const stats = new Stats();
const ticker = new Ticker();
const started: SimulatedDtu[] = [];
for (let n = 1; n <= dtus; n += 1) {
  const meters = Array.from(
    { length: metersPerBus },
    (_, i) => new Dlt645Meter({ address: meterAddress(1, i + 1), values: { '00010000': n * 100 + i + 0.25 } }),
  );
  const dtu = new SimulatedDtu({
    host,
    port: Number(port),
    sn: meterDtuSn(prefix, n),
    password: values.password ?? '12345678',
    framing: 'dlt645',
    meters,
    heartbeatSeconds: 0,
    reconnectMs: 2000,
    stats,
    ticker,
  });
  dtu.start();
  started.push(dtu);
  if (n % ramp === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
}
const stop = () => {
  for (const dtu of started) dtu.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// `npm run bench`: each figure beside its peer measured in the same run, as a ratio.
import { alarms } from './alarms.ts';
import { api } from './api.ts';
import { assessments } from './assessments.ts';
import { campus } from './campus.ts';
import { cluster } from './cluster.ts';
import { crisis } from './crisis.ts';
import { devices } from './devices.ts';
import { dlt645Polling } from './dlt645.ts';
import { dtuPolling } from './dtu.ts';
import { emotion } from './emotion.ts';
import { mqttIngest } from './mqtt.ts';
import { operations } from './operations.ts';
import { passthrough } from './passthrough.ts';
import { reports } from './reports.ts';
import { scada } from './scada.ts';
import { screens } from './screens.ts';
import { storage } from './storage.ts';
import { students } from './students.ts';
import { tasks } from './tasks.ts';
import { telemetry } from './telemetry.ts';
import { tracks } from './tracks.ts';
import { dtuUpgrades } from './upgrade.ts';
import { video } from './video.ts';
import { web } from './web.ts';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  peer: string;
  peerValue: number;
  /** What the ratio must reach, when the product promises one. */
  target?: { ratio: number; meaning: string };
}

const suites: Array<[string, () => Promise<Figure[]>]> = [
  ['storage', storage],
  ['api', api],
  ['devices', devices],
  ['students', students],
  ['telemetry', telemetry],
  ['mqtt', mqttIngest],
  ['dtu', dtuPolling],
  ['dlt645', dlt645Polling],
  ['cluster', cluster],
  ['upgrade', dtuUpgrades],
  ['passthrough', passthrough],
  ['video', video],
  ['alarms', alarms],
  ['tasks', tasks],
  ['assessments', assessments],
  ['crisis', crisis],
  ['reports', reports],
  ['emotion', emotion],
  ['campus', campus],
  ['tracks', tracks],
  ['operations', operations],
  ['scada', scada],
  ['screens', screens],
  ['web', web],
];

const only = process.argv.slice(2);
let missed = 0;
for (const [name, run] of suites) {
  if (only.length && !only.includes(name)) continue;
  for (const f of await run()) {
    const ratio = f.value / f.peerValue;
    const verdict = f.target ? (ratio >= f.target.ratio ? 'ok' : 'MISSED') : '';
    if (verdict === 'MISSED') missed += 1;
    console.log(
      `${f.name}: ${Math.round(f.value).toLocaleString('en')} ${f.unit} | ${f.peer}: ${Math.round(f.peerValue).toLocaleString('en')} ${f.unit} | ratio ${ratio.toFixed(2)}${f.target ? ` (target >= ${f.target.ratio}: ${f.target.meaning}) ${verdict}` : ''}`,
    );
  }
}
process.exitCode = missed ? 1 : 0;

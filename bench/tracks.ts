// A track of 50,000 positions of one device opened in Chromium (issue 27: under a second), from the
// address to the line on the map with its figures, on each engine.
import { performance } from 'node:perf_hooks';
import { buildUser } from '../packages/server/test/factories.ts';
import { startTestServer } from '../packages/server/test/server.ts';
import { launchBrowser, visit } from '../packages/web/e2e/browser.ts';
import { api } from '../packages/web/e2e/iot-live-walks.ts';
import { IOT_MAIN_ROLE, signInToIot, startTileServer } from '../packages/web/e2e/iot-walks.ts';
import { onBothEngines } from './load.ts';
import type { Figure } from './run.ts';
import { ensureBuild } from './web.ts';

const POSITIONS = 50_000;
const RUNS = 5;
const TARGET_MS = 1000;
const BATCH = 1000;

async function measure(engine: 'SQLite' | 'PostgreSQL'): Promise<Figure[]> {
  const tiles = await startTileServer();
  const server = await startTestServer({
    MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
    MAP_TILE_ATTRIBUTION: 'Bench tiles',
    TEST_LOG_LEVEL: 'error',
  });
  const browser = await launchBrowser();
  const visitor = await visit(browser);
  try {
    const owner = await buildUser(server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
    const { page } = visitor;
    await signInToIot(page, server.url, owner);
    const template = await api<{ id: number; points: Array<{ id: number }> }>(
      page,
      server.url,
      'POST',
      'iot/templates',
      {
        name: 'Bench tracker',
        protocol: 'mqttJson',
        slaves: [{ index: 1, name: 'GNSS', address: 1 }],
        points: [
          {
            slaveIndex: 1,
            name: 'Position',
            registerType: 'holdingRegister',
            registerAddress: '0',
            registerLength: 15,
            readWrite: 'readOnly',
            dataType: 'location',
            variant: 'location30',
            storage: 'timed',
          },
        ],
      },
    );
    const device = await api<{ id: number }>(page, server.url, 'POST', 'iot/devices', {
      name: 'Bench van',
      sn: 'SNBENCHTRACKAAAAAAAA',
      mac: 'D8B04C1234BB',
      protocol: 'mqttJson',
      commPassword: 'Bench123',
      templateId: template.id,
    });
    // A position a second along a winding road: about 14 hours of driving.
    const from = Date.now() - POSITIONS * 1000 - 60_000;
    const pointId = template.points[0]?.id ?? 0;
    for (let i = 0; i < POSITIONS; i += BATCH) {
      const rows = [];
      for (let j = i; j < Math.min(POSITIONS, i + BATCH); j++) {
        const lng = 121 + j * 0.00002;
        const lat = 31 + 0.01 * Math.sin(j / 1500);
        rows.push({
          device_id: device.id,
          point_id: pointId,
          ts: from + j * 1000,
          num: null,
          text: `${lng.toFixed(6)},${lat.toFixed(6)}`,
        });
      }
      await server.db.insertInto('telemetry').values(rows).execute();
    }
    const address = `${server.url}/iot/data/tracks?device=${device.id}&from=${from}&to=${Date.now()}`;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto('about:blank');
      const started = performance.now();
      await page.goto(address);
      await page.locator('path.track-line').waitFor();
      await page.getByTestId('track-figures').getByText('50,000').waitFor();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return [
      {
        name: `track of ${POSITIONS.toLocaleString('en')} positions opened in Chromium, median (${engine})`,
        value: TARGET_MS,
        unit: 'ms',
        peer: `median of ${RUNS} opens`,
        peerValue: times[Math.floor(RUNS / 2)] ?? 0,
      },
      {
        name: `track budget (${engine})`,
        value: TARGET_MS,
        unit: 'ms',
        peer: `slowest of ${RUNS} opens, address to line and figures`,
        peerValue: times.at(-1) ?? 0,
        target: {
          ratio: 1,
          meaning: `a ${POSITIONS.toLocaleString('en')}-position track shows in under ${TARGET_MS} ms`,
        },
      },
    ];
  } finally {
    await visitor.close();
    await browser.close();
    await server.close();
    await tiles.close();
  }
}

export async function tracks(): Promise<Figure[]> {
  ensureBuild();
  return onBothEngines(measure);
}

import { SCADA_FORMAT, type ScadaDocument, type ScadaElementInput, scadaDocument } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { toJson } from '../../platform/db/sql.ts';
import { findUserByLogin } from '../../portal/accounts/repository.ts';
import { demoWanted } from '../../portal/demo.ts';
import { insertScreen } from '../scada/repository.ts';
import { claimDemoScreen, demoPoints, demoScreenSeeded } from './repository.ts';
import { DEMO_IOT_ACCOUNT } from './seed.ts';

/** The demo's ready SCADA screen (decision 0126), bound to the demo devices the simulator plays. */
export const DEMO_SCREEN = 'North pump station (demo)';

const PLC = 'MERIDIANDEMO00000003';
const LEVEL = 'MERIDIANDEMO00000004';
const FLOW = 'MERIDIANDEMO00000005';

/** Each bound component's point, by device SN and the point's name in its library template. */
const POINTS = {
  level: [LEVEL, 'Water level'],
  running: [PLC, 'Pump running I0_0'],
  valve: [PLC, 'Valve open Q0_1'],
  alarm: [PLC, 'Emergency stop I0_1'],
  flow: [FLOW, 'Instantaneous flow'],
} as const;
type Bound = keyof typeof POINTS;

const RUN = { by: 'switch', on: '#52c41a', off: '#bfbfbf' } as const;

/** The pump station: reservoir, suction pipe, pump, valve, outlet main, a flow gauge and a level trend. */
function stationElements(): Array<Omit<ScadaElementInput, 'binding'> & { bound?: Bound }> {
  const label = (id: string, x: number, y: number, width: number, text: string): ScadaElementInput => ({
    id,
    kind: 'label',
    x,
    y,
    width,
    height: 28,
    rotation: 0,
    text,
    colour: '#262626',
  });
  const box = { rotation: 0 };
  return [
    { ...box, id: 'frame', kind: 'rectangle', x: 40, y: 90, width: 1200, height: 600, colour: '#f0f5ff' },
    label('title', 60, 30, 700, 'North pump station · live from the demo devices'),
    label('tank-label', 80, 110, 220, 'Reservoir 1 (m)'),
    {
      ...box,
      id: 'tank',
      kind: 'tank',
      x: 100,
      y: 150,
      width: 160,
      height: 340,
      min: 0,
      max: 4,
      decimals: 2,
      bound: 'level',
    },
    {
      ...box,
      id: 'suction',
      kind: 'pipe',
      x: 260,
      y: 440,
      width: 160,
      height: 24,
      colour: '#1677ff',
      bound: 'running',
    },
    label('pump-label', 410, 330, 160, 'Pump P1'),
    { ...box, id: 'pump', kind: 'pump', x: 420, y: 402, width: 100, height: 100, bound: 'running', colourRule: RUN },
    {
      ...box,
      id: 'discharge',
      kind: 'pipe',
      x: 520,
      y: 440,
      width: 160,
      height: 24,
      colour: '#1677ff',
      bound: 'running',
    },
    label('valve-label', 660, 360, 260, 'Valve V1 (click to switch)'),
    {
      ...box,
      id: 'valve',
      kind: 'valve',
      x: 680,
      y: 422,
      width: 90,
      height: 60,
      text: 'Valve V1',
      bound: 'valve',
      colourRule: RUN,
    },
    {
      ...box,
      id: 'main',
      kind: 'pipe',
      x: 770,
      y: 440,
      width: 440,
      height: 24,
      colour: '#13c2c2',
      bound: 'flow',
      speed: { from: 0, to: 80, slowest: 0.5, fastest: 3 },
    },
    label('gauge-label', 900, 110, 300, 'Outlet flow (m³/h)'),
    {
      ...box,
      id: 'gauge',
      kind: 'gauge',
      x: 920,
      y: 150,
      width: 200,
      height: 200,
      min: 0,
      max: 80,
      decimals: 1,
      bound: 'flow',
    },
    label('trend-label', 360, 110, 400, 'Reservoir level, latest values'),
    {
      ...box,
      id: 'trend',
      kind: 'trend',
      x: 360,
      y: 150,
      width: 420,
      height: 150,
      min: 0,
      max: 4,
      samples: 60,
      bound: 'level',
    },
    label('alarm-label', 820, 560, 240, 'Emergency stop'),
    {
      ...box,
      id: 'alarm',
      kind: 'lamp',
      x: 1080,
      y: 556,
      width: 36,
      height: 36,
      bound: 'alarm',
      colourRule: { by: 'switch', on: '#ff4d4f', off: '#d9d9d9' },
    },
  ];
}

/** The document, with each component bound to the point found for it; null when a point is missing. */
export function demoScreenDocument(
  points: ReadonlyMap<Bound, { deviceId: number; pointId: number }>,
): ScadaDocument | null {
  const elements: ScadaElementInput[] = [];
  for (const { bound, ...element } of stationElements()) {
    const binding = bound ? points.get(bound) : undefined;
    if (bound && !binding) return null;
    elements.push({ ...element, binding: binding ?? null });
  }
  return scadaDocument.parse({ format: SCADA_FORMAT, width: 1280, height: 720, grid: 10, background: null, elements });
}

export type DemoScreenOutcome = { seeded: number } | { skipped: 'off' | 'done' | 'devices' };

/**
 * With demo data on, gives the demo account its pump-station screen, once per database (a settings
 * key marks it, so a screen the visitor deletes stays deleted); nothing when the demo devices were
 * not seeded (the database had a fleet of its own).
 */
export async function seedDemoScreen(db: Db, config: Config, log: Pick<Logger, 'info'>): Promise<DemoScreenOutcome> {
  if (!demoWanted(config)) return { skipped: 'off' };
  if (await demoScreenSeeded(db.kysely)) return { skipped: 'done' };
  const outcome = await db.kysely.transaction().execute(async (trx): Promise<DemoScreenOutcome> => {
    const owner = await findUserByLogin(trx, DEMO_IOT_ACCOUNT.account);
    const rows = owner ? await demoPoints(trx, owner.id, [PLC, LEVEL, FLOW]) : [];
    const found = new Map<Bound, { deviceId: number; pointId: number }>();
    for (const [bound, [sn, name]] of Object.entries(POINTS) as Array<[Bound, readonly [string, string]]>) {
      const row = rows.find((r) => r.sn === sn && r.name === name);
      if (row) found.set(bound, { deviceId: Number(row.device_id), pointId: Number(row.point_id) });
    }
    const document = demoScreenDocument(found);
    if (!owner || !document) {
      // Not marked: the devices may come with a later start's seeding.
      return { skipped: 'devices' };
    }
    if (!(await claimDemoScreen(trx, { at: Date.now() }))) return { skipped: 'done' };
    const at = Date.now();
    const id = await insertScreen(trx, {
      owner_id: owner.id,
      name: DEMO_SCREEN,
      sharing: 'closed',
      document: toJson(document),
      element_count: document.elements.length,
      revision: 1,
      created_by: owner.id,
      created_at: at,
      updated_at: at,
    });
    return { seeded: id };
  });
  if ('seeded' in outcome)
    log.info(`demo screen: "${DEMO_SCREEN}" for "${DEMO_IOT_ACCOUNT.account}" under Cloud Configuration`);
  return outcome;
}

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
/** A component bound to an on/off point reads 1 or 0, not 1.0. */
const ONOFF = { decimals: 0 } as const;

type Part = Omit<ScadaElementInput, 'binding'> & { bound?: Bound };

/** A component at x,y of size w×h; `text` names it in the screen's list of readings. */
const part = (
  id: string,
  kind: ScadaElementInput['kind'],
  [x, y, width, height]: readonly [number, number, number, number],
  text: string,
  more: Partial<Part> = {},
): Part => ({ id, kind, x, y, width, height, rotation: 0, text, ...more });

const label = (id: string, x: number, y: number, width: number, text: string): Part =>
  part(id, 'label', [x, y, width, 28], text, { colour: '#262626' });

/**
 * The pump station: reservoir, suction pipe, pump, valve and outlet main; a flow gauge and bar, a
 * level trend, the pump room's fan and the pump's motor, and the emergency stop lamp.
 */
function stationElements(): Part[] {
  return [
    part('frame', 'rectangle', [40, 90, 1200, 600], '', { colour: '#f0f5ff' }),
    label('title', 60, 30, 700, 'North pump station · live from the demo devices'),
    label('tank-label', 80, 110, 220, 'Reservoir 1 (m)'),
    part('tank', 'tank', [100, 150, 160, 340], 'Reservoir 1', { min: 0, max: 4, decimals: 2, bound: 'level' }),
    part('suction', 'pipe', [260, 440, 160, 24], 'Suction pipe', { ...ONOFF, bound: 'running' }),
    label('pump-label', 420, 360, 160, 'Pump P1'),
    part('pump', 'pump', [420, 402, 100, 100], 'Pump P1', { ...ONOFF, bound: 'running', colourRule: RUN }),
    part('discharge', 'pipe', [520, 440, 160, 24], 'Discharge pipe', { ...ONOFF, bound: 'running' }),
    label('valve-label', 660, 370, 280, 'Valve V1 (click to switch)'),
    part('valve', 'valve', [680, 422, 90, 60], 'Valve V1', { ...ONOFF, bound: 'valve', colourRule: RUN }),
    part('main', 'pipe', [770, 440, 440, 24], 'Outlet main', {
      colour: '#13c2c2',
      bound: 'flow',
      speed: { from: 0, to: 80, slowest: 0.5, fastest: 3 },
    }),
    label('gauge-label', 900, 110, 300, 'Outlet flow (m³/h)'),
    part('gauge', 'gauge', [920, 150, 200, 200], 'Outlet flow', { min: 0, max: 80, bound: 'flow' }),
    label('trend-label', 360, 110, 400, 'Reservoir level, latest values'),
    part('trend', 'trend', [360, 150, 420, 150], 'Reservoir level', { min: 0, max: 4, decimals: 2, bound: 'level' }),
    label('fan-label', 80, 540, 200, 'Pump room fan'),
    part('fan', 'fan', [100, 580, 80, 80], 'Pump room fan', { ...ONOFF, bound: 'running', colourRule: RUN }),
    label('motor-label', 260, 540, 200, 'Motor M1'),
    part('motor', 'motor', [260, 580, 150, 80], 'Motor M1', { ...ONOFF, bound: 'running', colourRule: RUN }),
    label('bar-label', 480, 560, 300, 'Outlet flow, share of range'),
    part('bar', 'bar', [480, 600, 300, 30], 'Outlet flow bar', { min: 0, max: 80, bound: 'flow', colour: '#13c2c2' }),
    label('alarm-label', 880, 600, 180, 'Emergency stop'),
    part('alarm', 'lamp', [1080, 596, 36, 36], 'Emergency stop', {
      ...ONOFF,
      bound: 'alarm',
      colourRule: { by: 'switch', on: '#ff4d4f', off: '#d9d9d9' },
    }),
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

import {
  BIT_REGISTER_TYPES,
  type CustomProtocolDefinition,
  type RegisterType,
  TEMPLATE_LIMITS,
} from '@meridian/contracts';
import { bitAt, type ModbusRequest, type ReadFunction } from '@meridian/simulator/modbus';
import { decodeRawAt, type GatewayPoint, pointValue } from './values.ts';

/** The function that reads each register type. */
export const READ_FUNCTION: Record<RegisterType, ReadFunction> = {
  coil: 1,
  discreteInput: 2,
  holdingRegister: 3,
  inputRegister: 4,
};

/** One read request of a poll cycle and the points it answers. */
export interface ReadBlock {
  slave: number;
  registerType: RegisterType;
  fn: ReadFunction;
  address: number;
  count: number;
  points: GatewayPoint[];
}

/**
 * Registers skipped between two points that are still read in one request: reading a few unused
 * registers costs less than a second round trip over a serial bus, but a large hole may hold
 * addresses the slave does not implement (an exception reply would fail the whole block).
 */
export const MAX_GAP_REGISTERS = 8;
/** Bits are merged in the same wire size as registers: 16 bits a register. */
const BITS_PER_REGISTER = 16;
/** Protocol limits of one read: 125 registers, 2000 bits. */
const PROTOCOL_MAX = { registers: 125, bits: 2000 };

/**
 * Groups the readable points by slave and register type, sorted by address, and merges neighbours
 * into reads of at most `mergeLength` registers (the register merge package length) without
 * crossing a gap wider than MAX_GAP_REGISTERS. A point longer than the limit is read alone.
 */
export function planReads(
  points: readonly GatewayPoint[],
  mergeLength: number = TEMPLATE_LIMITS.registerMergeLength,
): ReadBlock[] {
  const groups = new Map<string, GatewayPoint[]>();
  for (const p of points) {
    if (p.readWrite === 'writeOnly' || p.meter || p.water || p.custom) continue;
    const key = `${p.slave}:${p.registerType}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  const blocks: ReadBlock[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a.address - b.address || b.span - a.span);
    const first = group[0] as GatewayPoint;
    const bits = BIT_REGISTER_TYPES.includes(first.registerType);
    const unit = bits ? BITS_PER_REGISTER : 1;
    const limit = Math.min(mergeLength * unit, bits ? PROTOCOL_MAX.bits : PROTOCOL_MAX.registers);
    let block: ReadBlock | null = null;
    for (const p of group) {
      const end = p.address + p.span;
      if (block) {
        const blockEnd = block.address + block.count;
        const fits = Math.max(end, blockEnd) - block.address <= limit;
        if (p.address - blockEnd <= MAX_GAP_REGISTERS * unit && fits) {
          block.count = Math.max(end, blockEnd) - block.address;
          block.points.push(p);
          continue;
        }
      }
      block = {
        slave: p.slave,
        registerType: p.registerType,
        fn: READ_FUNCTION[p.registerType],
        address: p.address,
        count: p.span,
        points: [p],
      };
      blocks.push(block);
    }
  }
  return blocks;
}

/** The value of one of a block's points from the data of its reply; null when its formula fails. */
function blockValue(block: ReadBlock, point: GatewayPoint, data: Buffer): number | string | null {
  const offset = point.address - block.address;
  const raw =
    block.fn <= 2 ? bitAt(data, offset) : decodeRawAt(point.variant, data, offset * 2, point.span * 2, point.bitIndex);
  return pointValue(point, raw);
}

/** The values of a block's points from the data of its reply; a point whose formula fails reads null. */
export function decodeBlock(
  block: ReadBlock,
  data: Buffer,
): Array<{ point: GatewayPoint; value: number | string | null }> {
  return block.points.map((point) => ({ point, value: blockValue(block, point, data) }));
}

/** As decodeBlock, straight into a cycle's readings (no object per point in between: a poll of 50 points makes 50, not 100). */
export function decodeBlockInto(
  block: ReadBlock,
  data: Buffer,
  readings: Array<{ pointId: number; value: number | string | null }>,
): void {
  for (const point of block.points) readings.push({ pointId: point.id, value: blockValue(block, point, data) });
}

/** One DL/T 645 read of a poll cycle: one data identifier of one meter, and the point it answers. */
export interface MeterRead {
  point: GatewayPoint & { meter: NonNullable<GatewayPoint['meter']> };
}

/**
 * The DL/T 645 reads of a cycle: one request per data identifier (the standard reads one
 * identifier per frame, so nothing merges), in the template's order, a meter's reads together.
 */
export function planMeterReads(points: readonly GatewayPoint[]): MeterRead[] {
  const reads: MeterRead[] = [];
  for (const point of points) if (point.meter) reads.push({ point: point as MeterRead['point'] });
  return reads.sort((a, b) => a.point.meter.address.localeCompare(b.point.meter.address));
}

/** One CJ/T 188 read of a poll cycle: one data identifier of one meter, and the points its answer carries. */
export interface WaterRead {
  type: number;
  address: string;
  identifier: string;
  points: GatewayPoint[];
}

/**
 * The CJ/T 188 reads of a cycle: one request per meter and identifier, whose answer carries every
 * item a point takes (901F holds both flows and the status), a meter's reads together.
 */
export function planWaterReads(points: readonly GatewayPoint[]): WaterRead[] {
  const reads = new Map<string, WaterRead>();
  for (const point of points) {
    if (!point.water) continue;
    const { type, address, item } = point.water;
    const key = `${type}:${address}:${item.identifier}`;
    const read = reads.get(key);
    if (read) read.points.push(point);
    else reads.set(key, { type, address, identifier: item.identifier, points: [point] });
  }
  return [...reads.values()].sort((a, b) => a.address.localeCompare(b.address));
}

/** One read of a custom protocol in a poll cycle: its request to one device, and the points its answer carries. */
export interface CustomRead {
  address: number;
  definition: CustomProtocolDefinition;
  points: GatewayPoint[];
}

/**
 * The custom protocol reads of a cycle: the protocol has one request, whose answer carries every
 * point, so one read per device address (decision 0140).
 */
export function planCustomReads(points: readonly GatewayPoint[]): CustomRead[] {
  const reads = new Map<number, CustomRead>();
  for (const point of points) {
    if (!point.custom || point.readWrite === 'writeOnly') continue;
    const read = reads.get(point.slave);
    if (read) read.points.push(point);
    else reads.set(point.slave, { address: point.slave, definition: point.custom.definition, points: [point] });
  }
  return [...reads.values()].sort((a, b) => a.address - b.address);
}

/** One read of a poll cycle, whatever the protocol, with the slave it judges and what it reads (for the logs). */
export type PlannedRead =
  | { kind: 'modbus'; slave: number; what: number; block: ReadBlock; request: ModbusRequest }
  | { kind: 'meter'; slave: string; what: string; read: MeterRead }
  | { kind: 'water'; slave: string; what: string; read: WaterRead }
  | { kind: 'custom'; slave: number; what: 'custom'; read: CustomRead };

/**
 * Every read of a cycle in the order they go out: Modbus blocks, DL/T 645 identifiers, CJ/T 188
 * meters, custom protocol devices. Planned once per template and merge length and shared by every
 * device of them (readPlan), never changed once made.
 */
export interface ReadPlan {
  readonly blocks: readonly ReadBlock[];
  readonly reads: readonly PlannedRead[];
}

export const EMPTY_PLAN: ReadPlan = { blocks: [], reads: [] };

/** The plans made from each list of compiled points (TemplatePlans hands every device of a template the same list), by merge length. */
const plansOf = new WeakMap<readonly GatewayPoint[], Map<number, ReadPlan>>();

/** The read plan of `points` at `mergeLength`: made once, then the same object for every device that polls these points. */
export function readPlan(points: readonly GatewayPoint[], mergeLength: number): ReadPlan {
  let byLength = plansOf.get(points);
  if (!byLength) {
    byLength = new Map();
    plansOf.set(points, byLength);
  }
  const known = byLength.get(mergeLength);
  if (known) return known;
  const blocks = planReads(points, mergeLength);
  const reads: PlannedRead[] = [
    ...blocks.map((block) => ({
      kind: 'modbus' as const,
      slave: block.slave,
      what: block.address,
      block,
      request: { slave: block.slave, fn: block.fn, address: block.address, count: block.count },
    })),
    ...planMeterReads(points).map((read) => ({
      kind: 'meter' as const,
      slave: read.point.meter.address,
      what: read.point.meter.identifier,
      read,
    })),
    ...planWaterReads(points).map((read) => ({
      kind: 'water' as const,
      slave: read.address,
      what: read.identifier,
      read,
    })),
    ...planCustomReads(points).map((read) => ({
      kind: 'custom' as const,
      slave: read.address,
      what: 'custom' as const,
      read,
    })),
  ];
  const plan: ReadPlan = reads.length ? { blocks, reads } : EMPTY_PLAN;
  byLength.set(mergeLength, plan);
  return plan;
}

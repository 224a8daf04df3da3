import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';
import { queryId } from '../portal/orgs.ts';

/** The longest range of one history query or export. */
export const HISTORY_RANGE_MAX_DAYS = 366;
/** Points on one chart or export. */
export const HISTORY_POINTS_MAX = 20;
/** Above this many readings of a point in the range, the chart gets one min/max/avg per bucket. */
export const HISTORY_CHART_MAX = 1000;
/** Devices one live-data socket may follow. */
export const LIVE_SUBSCRIPTIONS_MAX = 200;

/** Why a device went offline; `restarted`: the gateway process that held its connection stopped or died (decision 0048). */
export const OFFLINE_REASONS = ['disconnected', 'timeout', 'replaced', 'disabled', 'restarted'] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];
/** Why a connected device is in fault: its slaves did not answer, or answered with what could not be read. */
export const FAULT_REASONS = ['slaveNoReply', 'collectFailed'] as const;
export type FaultReason = (typeof FAULT_REASONS)[number];
/** The reason on an online/offline record: an offline reason, a fault reason, or `recovered` (out of fault). */
export const RECORD_REASONS = [...OFFLINE_REASONS, ...FAULT_REASONS, 'recovered'] as const;
export type RecordReason = (typeof RECORD_REASONS)[number];
/** The states a record moves a device into: connected, gone, or connected with slaves that do not answer. */
export const ONLINE_STATES = ['online', 'offline', 'fault'] as const;

/** The catalogue key of a record's reason: the fault reasons keep the spec's words of the gateway ("slave no reply", "data collection failed"). */
export function recordReasonKey(reason: RecordReason): string {
  if (reason === 'slaveNoReply') return 'gateway.command.noReply';
  if (reason === 'collectFailed') return 'gateway.collectFailed';
  return `telemetry.reason.${reason}`;
}

const DAY = 24 * 60 * 60_000;
const time = z.coerce.number().int().min(0);

/** `1,2,3` in a query string: the points of a chart or export. */
const pointIdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'telemetry.points.format')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.length <= HISTORY_POINTS_MAX, 'telemetry.points.tooMany');

const range = { from: time, to: time };
type Range = { from: number; to: number };
const inOrder = (r: Range) => r.to > r.from;
const notTooLong = (r: Range) => r.to - r.from <= HISTORY_RANGE_MAX_DAYS * DAY;
const rangeRules = <T extends z.ZodType<Range>>(schema: T) =>
  schema
    .refine(inOrder, { message: 'telemetry.range.order', path: ['to'] })
    .refine(notTooLong, { message: 'telemetry.range.tooLong', path: ['to'] });

/** A chart of chosen points of one device over a range. */
export const historyQuery = rangeRules(z.object({ deviceId: queryId, pointIds: pointIdList, ...range }));
export type HistoryQuery = z.infer<typeof historyQuery>;

/** The raw rows of one device over a range, a page at a time; all its stored points when none are chosen. */
export const historyRowsQuery = rangeRules(
  z.object({ deviceId: queryId, pointIds: pointIdList.optional(), ...range, ...pageQuery.shape }),
);
export const historyExportQuery = rangeRules(
  z.object({ deviceId: queryId, pointIds: pointIdList.optional(), ...range }),
);
export type HistoryExportQuery = z.infer<typeof historyExportQuery>;

const value = z.union([z.number(), z.string()]).nullable();

/** One point's line on the chart: raw readings, or per bucket the average with its min and max. */
export const historySeries = z.object({
  pointId: z.number(),
  name: z.string(),
  unit: z.string().nullable(),
  downsampled: z.boolean(),
  data: z.array(
    z.object({ at: z.number(), value, min: z.number().nullable().optional(), max: z.number().nullable().optional() }),
  ),
});
export const historyChart = z.object({ from: z.number(), to: z.number(), series: z.array(historySeries) });
export type HistoryChart = z.infer<typeof historyChart>;

export const historyRow = z.object({
  at: z.number(),
  pointId: z.number(),
  name: z.string(),
  unit: z.string().nullable(),
  value,
});
export type HistoryRow = z.infer<typeof historyRow>;

/** The newest value of each point of a device's template; `at` null when the point has never reported. */
export const latestValue = z.object({
  pointId: z.number(),
  name: z.string(),
  unit: z.string().nullable(),
  dataType: z.string(),
  readWrite: z.string(),
  value,
  at: z.number().nullable(),
});
export const latestValues = z.object({
  deviceId: z.number(),
  status: z.string(),
  lastDataAt: z.number().nullable(),
  points: z.array(latestValue),
});
export type LatestValues = z.infer<typeof latestValues>;

/** Devices Online/Offline records: filters. */
export const onlineRecordFilter = z.object({
  deviceId: queryId.optional(),
  state: z.enum(ONLINE_STATES).optional(),
  from: time.optional(),
  to: time.optional(),
});
export type OnlineRecordFilter = z.infer<typeof onlineRecordFilter>;
export const onlineRecordQuery = z.object({ ...onlineRecordFilter.shape, ...pageQuery.shape });

export const onlineRecord = z.object({
  id: z.number(),
  deviceId: z.number(),
  deviceName: z.string(),
  sn: z.string().nullable(),
  state: z.enum(ONLINE_STATES),
  reason: z.enum(RECORD_REASONS).nullable(),
  /** The reason in the caller's language ("device reported data timeout"). */
  reasonText: z.string().nullable(),
  transport: z.string().nullable(),
  at: z.number(),
});
export type OnlineRecord = z.infer<typeof onlineRecord>;

/** DTU online rate: the share of each day a device was online, over a range. */
export const onlineRateQuery = rangeRules(z.object(range));
export const onlineRate = z.object({
  deviceId: z.number(),
  days: z.array(z.object({ day: z.string(), onlineMs: z.number(), rate: z.number() })),
  rate: z.number(),
});
export type OnlineRate = z.infer<typeof onlineRate>;

export const networkStats = z.object({
  deviceId: z.number(),
  signal: z.number().nullable(),
  battery: z.number().nullable(),
  bytesIn: z.number(),
  bytesOut: z.number(),
  updatedAt: z.number().nullable(),
});
export type NetworkStatsView = z.infer<typeof networkStats>;

/**
 * A signal as dBm: devices report dBm (-140 to 0) or the modem's CSQ (0 to 31), which 3GPP TS 27.007
 * maps to dBm as -113 + 2 x CSQ (99, unknown, is no signal).
 */
export function signalDbm(signal: number | null): number | null {
  if (signal === null || signal === 99) return null;
  return signal >= 0 ? -113 + 2 * Math.min(signal, 31) : signal;
}

/** Devices the fleet view lists in each of its tables. */
export const NETWORK_FLEET_SIZE = 10;

const fleetDevice = z.object({
  deviceId: z.number(),
  name: z.string(),
  sn: z.string(),
  status: z.string(),
  /** As the device reported it, and as dBm. */
  signal: z.number().nullable(),
  signalDbm: z.number().nullable(),
  battery: z.number().nullable(),
  bytes: z.number(),
  updatedAt: z.number(),
});
export type FleetDevice = z.infer<typeof fleetDevice>;

/** Network monitoring of the fleet: the weakest signals, the lowest batteries, the most traffic. */
export const networkFleet = z.object({
  reporting: z.number(),
  weakest: z.array(fleetDevice),
  lowBattery: z.array(fleetDevice),
  busiest: z.array(fleetDevice),
});
export type NetworkFleet = z.infer<typeof networkFleet>;

export const networkHistoryQuery = z.strictObject({
  from: z.coerce.number().int().nonnegative(),
  to: z.coerce.number().int().nonnegative(),
});

/** One device's samples, oldest first: signal as dBm, battery, and bytes in the time since the sample before. */
export const networkHistory = z.array(
  z.object({
    at: z.number(),
    signalDbm: z.number().nullable(),
    battery: z.number().nullable(),
    bytes: z.number(),
  }),
);
export type NetworkHistory = z.infer<typeof networkHistory>;

/** What a browser sends on the live-data socket. The first message must be `auth`. */
export const liveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({
    type: z.literal('subscribe'),
    deviceIds: z.array(z.number().int().positive()).min(1).max(LIVE_SUBSCRIPTIONS_MAX),
  }),
  z.object({
    type: z.literal('unsubscribe'),
    deviceIds: z.array(z.number().int().positive()).min(1).max(LIVE_SUBSCRIPTIONS_MAX),
  }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** DTU manage: the DTUs (Modbus RTU or TCP devices) the caller may see, with their connection state. */
export const dtuListQuery = z.object({
  keyword: textFilter(50),
  status: z.enum(['online', 'offline']).optional(),
  ...pageQuery.shape,
});
export type DtuListQuery = z.infer<typeof dtuListQuery>;

export const dtuListItem = z.object({
  id: z.number(),
  name: z.string(),
  sn: z.string().nullable(),
  protocol: z.string(),
  status: z.string(),
  lastOnlineAt: z.number().nullable(),
  lastDataAt: z.number().nullable(),
  /** Where the device is (its address field). */
  address: z.string().nullable(),
  /** The network address its last accepted registration came from. */
  remoteAddress: z.string().nullable(),
});
export type DtuListItem = z.infer<typeof dtuListItem>;

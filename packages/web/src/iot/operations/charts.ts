import type { OpsRow } from '@meridian/contracts';

const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
const base = (rows: OpsRow[]) => ({
  animation: false,
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 48, right: 48, top: 36, bottom: 32 },
  xAxis: { type: 'category', data: rows.map((r) => r.period) },
});

/** Devices and their online rate: bars of devices, a line of the rate on its own axis. */
export function onlineOption(rows: OpsRow[], labels: { devices: string; rate: string }) {
  return {
    ...base(rows),
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    ],
    series: [
      { type: 'bar', name: labels.devices, barMaxWidth: 24, data: rows.map((r) => r.devicesTotal) },
      { type: 'line', name: labels.rate, yAxisIndex: 1, connectNulls: true, data: rows.map((r) => pct(r.onlineRate)) },
    ],
  };
}

/** Alarms and faults raised against those restored the same day, with the recovery rate. */
export function recoveryOption(rows: OpsRow[], labels: { raised: string; restored: string; rate: string }) {
  return {
    ...base(rows),
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    ],
    series: [
      { type: 'bar', name: labels.raised, barMaxWidth: 24, data: rows.map((r) => r.alarmsRaised + r.faultsRaised) },
      {
        type: 'bar',
        name: labels.restored,
        barMaxWidth: 24,
        data: rows.map((r) => r.alarmsRestored + r.faultsRecovered),
      },
      {
        type: 'line',
        name: labels.rate,
        yAxisIndex: 1,
        connectNulls: true,
        data: rows.map((r) => pct(r.recoveryRate)),
      },
    ],
  };
}

/** Work orders opened, closed and overdue. */
export function ordersOption(rows: OpsRow[], labels: { opened: string; closed: string; overdue: string }) {
  return {
    ...base(rows),
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: labels.opened, barMaxWidth: 20, data: rows.map((r) => r.ordersOpened) },
      { type: 'bar', name: labels.closed, barMaxWidth: 20, data: rows.map((r) => r.ordersClosed) },
      { type: 'line', name: labels.overdue, data: rows.map((r) => r.ordersOverdue) },
    ],
  };
}

/** Data points stored and users active. */
export function usageOption(rows: OpsRow[], labels: { values: string; users: string }) {
  return {
    ...base(rows),
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', minInterval: 1 },
    ],
    series: [
      { type: 'bar', name: labels.values, barMaxWidth: 24, data: rows.map((r) => r.values) },
      { type: 'line', name: labels.users, yAxisIndex: 1, data: rows.map((r) => r.activeUsers) },
    ],
  };
}

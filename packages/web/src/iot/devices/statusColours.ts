import type { DeviceStatus } from './api.ts';

// Apart from status.tsx, which draws the badges: the home page shows these colours without
// fetching antd's Badge and Tag (decision 0051).

/** Marker colours of the map, the same meaning as the status badges. */
export const STATUS_COLOURS: Record<DeviceStatus, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#faad14',
  fault: '#ff4d4f',
};

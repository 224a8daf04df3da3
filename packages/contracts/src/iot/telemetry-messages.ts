/** Messages of telemetry, in every language (spec sections 4 and 8). */
export const telemetryMessages = {
  'telemetry.range.order': { 'zh-CN': '结束时间须晚于开始时间', en: 'The end time must be after the start time' },
  'telemetry.range.tooLong': {
    'zh-CN': '查询时间范围最长 366 天',
    en: 'Choose a time range of at most 366 days',
  },
  'network.historySpan': {
    'zh-CN': '网络历史一次最多查询 31 天',
    en: 'Network history covers at most 31 days at a time',
  },
  'track.range.tooLong': {
    'zh-CN': '定位轨迹一次最多查询 31 天',
    en: 'A track covers at most 31 days at a time',
  },
  'track.point.notLocation': {
    'zh-CN': '数据点 {id} 不是该设备的定位数据点',
    en: 'Data point {id} is not a location point of this device',
  },
  'telemetry.points.required': { 'zh-CN': '请选择数据点', en: 'Choose at least one data point' },
  'telemetry.points.tooMany': { 'zh-CN': '最多选择 20 个数据点', en: 'Choose at most 20 data points' },
  'telemetry.points.format': {
    'zh-CN': '数据点应为以逗号分隔的编号',
    en: 'Data points must be ids separated by commas',
  },
  'telemetry.point.notOnDevice': {
    'zh-CN': '数据点 {id} 不属于该设备',
    en: 'Data point {id} is not a data point of this device',
  },
  'telemetry.reason.disconnected': {
    'zh-CN': '设备主动断开与云端连接',
    en: 'Device actively disconnected from the cloud',
  },
  'telemetry.reason.timeout': { 'zh-CN': '设备上报数据超时', en: 'Device reported data timeout' },
  'telemetry.reason.replaced': {
    'zh-CN': '设备建立了新的连接，旧连接已关闭',
    en: 'The device opened a new connection, which replaced this one',
  },
  'telemetry.reason.disabled': { 'zh-CN': '设备已被禁用', en: 'The device was disabled' },
  'telemetry.reason.restarted': {
    'zh-CN': '云平台重启，设备连接已断开',
    en: "The cloud restarted, which ended the device's connection",
  },
  'telemetry.reason.recovered': { 'zh-CN': '从机恢复应答', en: 'The slaves answer again' },
  'telemetry.state.online': { 'zh-CN': '上线', en: 'Online' },
  'telemetry.state.offline': { 'zh-CN': '下线', en: 'Offline' },
  'telemetry.state.fault': { 'zh-CN': '故障', en: 'Fault' },
  'telemetry.export.historySheet': { 'zh-CN': '历史数据', en: 'Historical data' },
  'telemetry.export.recordsSheet': { 'zh-CN': '上下线记录', en: 'Online and offline records' },
  'telemetry.live.badToken': {
    'zh-CN': '登录已失效，请重新登录',
    en: 'Your session has ended; sign in again',
  },
  'telemetry.live.badMessage': {
    'zh-CN': '无法识别的消息',
    en: 'The message could not be read',
  },
  'telemetry.live.tooMany': {
    'zh-CN': '每个连接最多订阅 200 台设备',
    en: 'One connection may follow at most 200 devices',
  },
} as const;

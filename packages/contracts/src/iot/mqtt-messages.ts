/** Messages of MQTT and HTTP device ingest, in every language (spec section 8's command outcomes). */
export const mqttMessages = {
  'mqtt.command.format': {
    'zh-CN': '命令格式错误：设备模板中没有该数据点',
    en: 'Command format error: the device template has no such data point',
  },
  'mqtt.command.failed': { 'zh-CN': '执行失败：{reason}', en: 'Execution failure: {reason}' },
  'mqtt.command.noReply': {
    'zh-CN': '设备无应答：{seconds} 秒内未确认命令',
    en: 'Device no reply: the command was not acknowledged within {seconds} s',
  },
  'mqtt.command.disconnected': {
    'zh-CN': '设备已断开与云平台的连接，命令未执行',
    en: 'The device disconnected from the cloud; the command was not carried out',
  },
  'mqtt.ingest.token': {
    'zh-CN': '设备令牌缺失或无效：请在设备页面生成令牌，并以 Authorization: Device <令牌> 发送',
    en: 'Device token missing or not valid: make one on the device page and send it as Authorization: Device <token>',
  },
  'mqtt.ingest.disabled': {
    'zh-CN': '设备已禁用：只有启用的设备才能上报数据',
    en: 'The device is disabled: only enabled devices may report data',
  },
  'mqtt.ingest.tooFast': {
    'zh-CN': '上报过于频繁：每台设备每秒最多 {rate} 次',
    en: 'Reporting too often: at most {rate} reports per second per device',
  },
  'mqtt.ingest.time': {
    'zh-CN': 'ts 应为毫秒时间戳',
    en: '"ts" must be a time in epoch milliseconds',
  },
  'mqtt.ingest.values': {
    'zh-CN': 'values 应为以数据点名称为键的对象，值为数字、布尔或文本',
    en: '"values" must be an object of data point names to numbers, booleans or text',
  },
} as const;

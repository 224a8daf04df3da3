/** Messages of the device gateway, in every language (spec sections 5 and 8: the command failures and status reasons keep the spec's words). */
export const gatewayMessages = {
  'gateway.command.formatError': { 'zh-CN': '命令格式错误', en: 'Command format error' },
  'gateway.command.failed': { 'zh-CN': '执行失败', en: 'Execution failure' },
  'gateway.command.noReply': { 'zh-CN': '从机无回复', en: 'Slave no reply' },
  'gateway.command.errorReply': {
    'zh-CN': '从机错误回复（异常码 {code}）',
    en: 'Slave error reply (exception code {code})',
  },
  'gateway.collectFailed': { 'zh-CN': '数据采集失败', en: 'Data collection failed' },
  'gateway.offline': {
    'zh-CN': '设备不在线，无法下发：请确认设备已上电并连接到云平台',
    en: 'The device is offline, so nothing can be sent: check that it is powered and connected to the cloud',
  },
  'gateway.readOnly': { 'zh-CN': '只读数据点不支持此操作', en: 'Read-only data points do not support this operation' },
  'gateway.pointNotFound': {
    'zh-CN': '该设备的模板中没有这个数据点',
    en: "This data point is not in the device's template",
  },
  'gateway.askUnsupported': {
    'zh-CN': '该设备类型不支持此请求',
    en: 'Device type does not support this request',
  },
  'gateway.debugUnsupported': {
    'zh-CN': '该设备类型不支持调试',
    en: 'Device type does not support debugging',
  },
  'gateway.settingsUnsupported': {
    'zh-CN': '只有通过 DTU 连接的设备（Modbus RTU 或 Modbus TCP）有注册设置',
    en: 'Only devices that connect through a DTU (Modbus RTU or Modbus TCP) have registration settings',
  },
  'gateway.debug.empty': { 'zh-CN': '发送数据不能为空', en: 'The data to send must not be empty' },
  'gateway.debug.tooLong': {
    'zh-CN': '发送数据最多 256 个字符',
    en: 'The data to send is at most 256 characters',
  },
  'gateway.debug.notHex': {
    'zh-CN': '发送数据只能是十六进制（0-9、A-F）',
    en: 'The data to send must be hexadecimal (0-9, A-F)',
  },
  'gateway.debug.oddLength': {
    'zh-CN': '发送数据须为完整字节：十六进制位数应为偶数',
    en: 'The data to send must be whole bytes: an even number of hexadecimal digits',
  },
  'gateway.value.number': { 'zh-CN': '该数据点的值须为数字', en: 'The value of this data point must be a number' },
  'gateway.value.switch': {
    'zh-CN': '开关量的值须为 开/关（true/false 或 1/0）',
    en: 'A switch takes on or off (true/false or 1/0)',
  },
  'gateway.value.text': { 'zh-CN': '该数据点的值须为文本', en: 'The value of this data point must be text' },
  'gateway.value.range': {
    'zh-CN': '变量存储范围错误：经控制公式换算后为 {raw}，{variant} 只能存储 {min} 到 {max}',
    en: 'Variable storage range error: after the control formula the value is {raw}, and {variant} holds {min} to {max}',
  },
  'gateway.value.textLength': {
    'zh-CN': '变量存储范围错误：最多 {max} 个字节',
    en: 'Variable storage range error: at most {max} bytes',
  },
  'gateway.value.location': {
    'zh-CN': '位置须写作 经度,纬度，例如 116.397128,39.916527',
    en: 'A location is written longitude,latitude, e.g. 116.397128,39.916527',
  },
  'gateway.value.formula': {
    'zh-CN': '控制公式无法换算这个值（除以零或结果无效）',
    en: 'The control formula cannot convert this value (division by zero or no finite result)',
  },
  'gateway.settings.registrationPacket': {
    'zh-CN': '注册包：十六进制，最多 40 个字节',
    en: 'Registration packet: hexadecimal, at most 40 bytes',
  },
  'gateway.settings.heartbeat': {
    'zh-CN': '心跳包：十六进制，最多 40 个字节',
    en: 'Heartbeat packet: hexadecimal, at most 40 bytes',
  },
  'gateway.settings.mergeLength': {
    'zh-CN': '寄存器合并包长度：1-125',
    en: 'Register merge package length: 1-125',
  },
  'gateway.settings.packetTaken': {
    'zh-CN': '该注册包已被另一台设备使用',
    en: 'This registration packet is already used by another device',
  },
  'gateway.registration.accepted': { 'zh-CN': '注册成功', en: 'Registered' },
  'gateway.registration.unknownDevice': { 'zh-CN': '未知的 SN 或注册包', en: 'Unknown SN or registration packet' },
  'gateway.registration.wrongPassword': { 'zh-CN': '通讯密码错误', en: 'Wrong communication password' },
  'gateway.registration.disabled': { 'zh-CN': '设备已禁用', en: 'The device is disabled' },
  'gateway.registration.wrongProtocol': {
    'zh-CN': '该设备的协议不通过 DTU 连接',
    en: "The device's protocol does not connect through a DTU",
  },
  'gateway.registration.malformed': {
    'zh-CN': '注册包格式错误或超时未注册',
    en: 'Malformed registration, or none within the time allowed',
  },
  'gateway.registration.throttled': {
    'zh-CN': '该地址注册失败次数过多，已暂缓处理',
    en: 'Too many failed registrations from this address; slowed down',
  },
};

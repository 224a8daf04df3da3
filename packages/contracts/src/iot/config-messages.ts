/** Messages of remote configuration, in every language (spec section 4 keeps the state names). */
export const configMessages = {
  'config.name.empty': { 'zh-CN': '请输入配置名称', en: 'Enter a configuration name' },
  'config.name.tooLong': {
    'zh-CN': '配置名称最多 20 个汉字或 40 个字符',
    en: 'A configuration name is at most 20 Chinese or 40 Latin characters',
  },
  'config.name.taken': { 'zh-CN': '已有同名的配置', en: 'A configuration with this name already exists' },
  'config.dtu.commandPassword': {
    'zh-CN': '指令密码为 1-20 个可见字符，不能含 #',
    en: 'The command password is 1-20 visible characters without #',
  },
  'config.dtu.baudRate': {
    'zh-CN': '波特率须为 1200、2400、4800、9600、19200、38400、57600、115200 或 230400',
    en: 'The baud rate must be 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200 or 230400',
  },
  'config.dtu.dataBits': { 'zh-CN': '数据位须为 7 或 8', en: 'Data bits must be 7 or 8' },
  'config.dtu.parity': { 'zh-CN': '校验位须为无、奇或偶', en: 'Parity must be none, odd or even' },
  'config.dtu.stopBits': { 'zh-CN': '停止位须为 1 或 2', en: 'Stop bits must be 1 or 2' },
  'config.dtu.heartbeat': {
    'zh-CN': '心跳内容须为十六进制，最多 40 字节',
    en: 'The heartbeat content must be hexadecimal, at most 40 bytes',
  },
  'config.dtu.heartbeatSeconds': {
    'zh-CN': '心跳间隔须为 1-65535 秒的整数',
    en: 'The heartbeat interval must be a whole number of seconds from 1 to 65535',
  },
  'config.dtu.registrationPacket': {
    'zh-CN': '注册包须为十六进制，最多 40 字节',
    en: 'The registration packet must be hexadecimal, at most 40 bytes',
  },
  'config.dtu.serverHost': {
    'zh-CN': '服务器地址须为域名或 IP 地址，最多 64 个字符',
    en: 'The server address must be a host name or an IP address, at most 64 characters',
  },
  'config.dtu.serverPort': { 'zh-CN': '服务器端口须为 1-65535', en: 'The server port must be from 1 to 65535' },
  'config.mqtt.notJson': {
    'zh-CN': '配置内容须为 JSON 对象，例如 {"interval": 60}',
    en: 'The configuration must be a JSON object, for example {"interval": 60}',
  },
  'config.mqtt.tooLong': { 'zh-CN': '配置内容最多 4096 个字符', en: 'The configuration is at most 4096 characters' },
  'config.apply.noDevices': { 'zh-CN': '请至少选择一台设备', en: 'Select at least one device' },
  'config.apply.tooMany': { 'zh-CN': '一次最多下发 500 台设备', en: 'Apply to at most 500 devices at a time' },
  'config.apply.wrongKind': {
    'zh-CN': '设备 {sn} 的类型与配置不符：DTU 配置只能下发给 DTU 设备，MQTT 配置只能下发给 MQTT 设备',
    en: 'Device {sn} does not match the configuration: DTU configurations go to DTU devices, MQTT ones to MQTT devices',
  },
  'config.apply.packetForOne': {
    'zh-CN': '自定义注册包用于识别一台设备：带注册包的配置一次只能下发给一台设备',
    en: 'A custom registration packet identifies one device: apply a configuration with one to one device at a time',
  },
  'config.apply.packetTaken': {
    'zh-CN': '另一台设备已在使用这个注册包',
    en: 'Another device already registers with this packet',
  },
  'config.profile.notFound': { 'zh-CN': '配置不存在或已删除', en: 'The configuration does not exist or was deleted' },
  'config.state.pending': { 'zh-CN': '待配置', en: 'To be configured' },
  'config.state.configuring': { 'zh-CN': '配置中', en: 'In configuration' },
  'config.state.success': { 'zh-CN': '成功', en: 'Success' },
  'config.state.failed': { 'zh-CN': '失败', en: 'Failure' },
  'config.failed.error': {
    'zh-CN': '设备拒绝了指令 {command}（回复 {reply}）：请检查指令密码与参数是否为该设备所支持',
    en: 'The device refused {command} (it answered {reply}): check the command password and that the device supports the values',
  },
  'config.failed.timeout': {
    'zh-CN': '设备 {seconds} 秒内未回复指令 {command}：请检查设备是否支持网络 AT 指令',
    en: 'The device did not answer {command} within {seconds} s: check that it takes network AT commands',
  },
  'config.failed.offline': {
    'zh-CN': '配置过程中设备断开连接，将在设备重新上线后重试',
    en: 'The device disconnected during configuration; it is tried again when the device comes back online',
  },
  'config.failed.rejected': {
    'zh-CN': '设备拒绝了配置：{reason}',
    en: 'The device refused the configuration: {reason}',
  },
  'config.failed.noAck': {
    'zh-CN': '设备 {seconds} 秒内未确认配置',
    en: 'The device did not acknowledge the configuration within {seconds} s',
  },
  'config.failed.unsupported': {
    'zh-CN': '该设备的连接方式不支持远程配置',
    en: "This device's connection does not take remote configuration",
  },
} as const;

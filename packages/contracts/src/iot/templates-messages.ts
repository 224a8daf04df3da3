/** The sentences of Device Cloud templates, slaves, data points and the device library, in zh-CN and English. */
export const templatesMessages = {
  'template.name': {
    'zh-CN': '模板名称：4-64 个字符，仅限中文、字母、数字、空格、下划线和连字符',
    en: 'Template name: 4-64 characters; Chinese, letters, digits, spaces, underscores or hyphens only',
  },
  'template.nameTaken': { 'zh-CN': '已有同名模板：{name}', en: 'You already have a template named {name}' },
  'template.notFound': { 'zh-CN': '模板不存在或无权访问', en: 'No such template, or it is not yours' },
  'template.inUse': {
    'zh-CN': '删除失败：{count} 台设备正在使用该模板，请先为它们更换模板',
    en: 'Delete failed: {count} device(s) use this template; give them another template first',
  },
  'template.devicesRefused': {
    'zh-CN': '以下设备不存在或您无权编辑：{ids}',
    en: 'These devices do not exist or you may not edit them: {ids}',
  },
  'template.customProtocol': {
    'zh-CN': '请选择自定义协议',
    en: 'Choose the custom protocol the devices speak',
  },
  'template.point.customKey': {
    'zh-CN': '请选择该点在自定义协议中的数据点',
    en: "Choose the custom protocol's data point this point reads",
  },
  'template.point.customKeyUnknown': {
    'zh-CN': '协议“{protocol}”中没有数据点 {key}',
    en: 'The protocol "{protocol}" has no data point {key}',
  },
  'template.point.customReadOnly': {
    'zh-CN': '协议“{protocol}”的数据点 {key} 没有写帧：只读数据点不支持此操作',
    en: 'Data point {key} of the protocol "{protocol}" has no write frame: read-only data points do not support this operation',
  },
  'template.slaves.max': { 'zh-CN': '每个模板最多 {max} 个从机', en: 'A template has at most {max} slaves' },
  'template.slaves.required': {
    'zh-CN': '从机数量须大于 0：有数据点的模板至少需要一个从机',
    en: 'Slave count must be greater than 0: a template with data points needs a slave',
  },
  'template.points.max': {
    'zh-CN': '每个模板最多 500 个数据点',
    en: 'Data points per template: at most 500',
  },
  'template.slave.index': { 'zh-CN': '从机序号：1-255 的数字', en: 'Slave serial number: a number 1-255' },
  'template.slave.indexTaken': { 'zh-CN': '从机序号不能重复', en: 'Slave serial numbers must be unique' },
  'template.slave.name': { 'zh-CN': '从机名称：4-30 个字符', en: 'Slave name: 4-30 characters' },
  'template.slave.address': { 'zh-CN': '从机地址：0-255', en: 'Slave address: 0-255' },
  'template.slave.ip': { 'zh-CN': 'IP 地址格式不正确', en: 'The IP address is not valid' },
  'template.slave.port': { 'zh-CN': '端口：1-65535', en: 'Port: 1-65535' },
  'template.slave.endpoint': {
    'zh-CN': 'IP 与端口须同时填写或同时留空',
    en: 'IP and port go together: give both or neither',
  },
  'template.slave.tcpEndpoint': {
    'zh-CN': 'Modbus TCP 从机须填写 IP 与端口',
    en: 'A Modbus TCP slave needs an IP and a port',
  },
  'template.slave.deviceNo': {
    'zh-CN': '从机设备号：仅限数字或字母',
    en: 'Slave device number: digits or letters only',
  },
  'template.slave.meterAddress': {
    'zh-CN': '表地址：12 位数字（或通配地址 AAAAAAAAAAAA）',
    en: 'Meter address: 12 digits (or the wildcard AAAAAAAAAAAA)',
  },
  'template.point.dataIdentifier': {
    'zh-CN': '数据标识：8 位十六进制（DI3..DI0，如 00010000）',
    en: 'Data identifier: 8 hex digits (DI3..DI0, e.g. 00010000)',
  },
  'template.slave.anyMeterAddress': {
    'zh-CN': '表地址：DL/T 645 为 12 位数字，CJ/T 188 为 14 位数字（或通配地址 AA…AA）',
    en: 'Meter address: 12 digits for DL/T 645, 14 for CJ/T 188 (or the wildcard AA…AA)',
  },
  'template.slave.waterMeterAddress': {
    'zh-CN': '表地址：14 位数字（或通配地址 AAAAAAAAAAAAAA）',
    en: 'Meter address: 14 digits (or the wildcard AAAAAAAAAAAAAA)',
  },
  'template.slave.meterType': {
    'zh-CN': '仪表类型：冷水表 10H、热水表 11H、直饮水表 12H、中水表 13H、热量表 20H、冷量表 21H 或燃气表 30H',
    en: 'Meter type: cold water 10H, hot water 11H, drinking water 12H, reclaimed water 13H, heat 20H, cooling 21H or gas 30H',
  },
  'template.point.heatItem': {
    'zh-CN':
      '数据项：结算日热量、当前热量、热功率、流量、累积流量、供水温度、回水温度、累积工作时间或状态（数据标识 901F）',
    en: 'Data item: settlement-day heat, current heat, heat power, flow rate, cumulative flow, supply or return temperature, working time or status (identifier 901F)',
  },
  'template.point.waterItem': {
    'zh-CN': '数据项：当前累积流量、结算日累积流量或状态（数据标识 901F）',
    en: 'Data item: current cumulative flow, settlement-day flow or status (identifier 901F)',
  },
  'template.point.meterReadOnly': {
    'zh-CN': '仪表数据点只能只读',
    en: "A meter's data point can only be read",
  },
  'template.point.meterNumeric': {
    'zh-CN': '仪表数据点须为数值型',
    en: "A meter's data point is numeric",
  },
  'template.point.meterBytes': {
    'zh-CN': '数据长度：1-8 字节',
    en: 'Data length: 1-8 bytes',
  },
  'template.point.meterFormat': {
    'zh-CN': '数据标识 {di} 的格式为 {bytes} 字节、{decimals} 位小数',
    en: 'Data identifier {di} is {bytes} bytes with {decimals} decimals',
  },
  'template.slave.deviceNoTaken': { 'zh-CN': '设备号不能相同', en: 'Device numbers must differ' },
  'template.point.name': { 'zh-CN': '变量名称：4-30 个字符', en: 'Variable name: 4-30 characters' },
  'template.point.nameTaken': {
    'zh-CN': '同一从机下的变量名称不能相同',
    en: 'Variable names must differ within a slave',
  },
  'template.point.slaveMissing': { 'zh-CN': '没有序号为 {index} 的从机', en: 'No slave has serial number {index}' },
  'template.point.address': {
    'zh-CN': '寄存器地址格式不正确：十进制 0-65535 或十六进制 0x0000-0xFFFF',
    en: 'Register address format incorrect: decimal 0-65535 or hex 0x0000-0xFFFF',
  },
  'template.point.addressRange': {
    'zh-CN': '寄存器地址加长度超出 65535',
    en: 'Register address plus length goes past 65535',
  },
  'template.point.length': { 'zh-CN': '寄存器长度：1-64', en: 'Register length: 1-64' },
  'template.point.lengthForVariant': {
    'zh-CN': '数据格式不正确：{variant} 占 {count} 个寄存器',
    en: 'Data format incorrect: {variant} takes {count} register(s)',
  },
  'template.point.variant': {
    'zh-CN': '数据格式不正确：{variant} 不属于数据类型 {dataType}',
    en: 'Data format incorrect: {variant} is not a variant of data type {dataType}',
  },
  'template.point.bitRegister': {
    'zh-CN': '数据格式不正确：线圈和离散输入只能是开关量',
    en: 'Data format incorrect: coils and discrete inputs hold switches only',
  },
  'template.point.bitIndex': { 'zh-CN': '位号：0-15', en: 'Bit number: 0-15' },
  'template.point.bitIndexPlace': {
    'zh-CN': '位号只适用于保存在寄存器中的开关量',
    en: 'A bit number applies only to a switch kept in a register',
  },
  'template.point.readOnlyRegister': {
    'zh-CN': '离散输入和输入寄存器只读，读写方式须为只读',
    en: 'Discrete inputs and input registers are read-only; choose read-only',
  },
  'template.point.readOnly': {
    'zh-CN': '只读数据点不支持此操作',
    en: 'Read-only data points do not support this operation',
  },
  'template.point.precision': { 'zh-CN': '小数位数：0-6', en: 'Precision: 0-6 decimal places' },
  'template.point.formulaNumeric': {
    'zh-CN': '公式只适用于数值型数据点',
    en: 'Formulas apply to numeric data points only',
  },
  'template.point.amplitude': {
    'zh-CN': '变量存储范围错误：变化幅度须大于 0',
    en: 'Variable storage range error: the change amplitude must be greater than 0',
  },
  'template.formula.unexpected': {
    'zh-CN': '公式第 {at} 个字符有误：不应出现“{token}”',
    en: "Formula error at character {at}: unexpected '{token}'",
  },
  'template.formula.end': {
    'zh-CN': '公式第 {at} 个字符有误：公式不完整',
    en: 'Formula error at character {at}: the formula ends too early',
  },
  'template.formula.unknownName': {
    'zh-CN': '公式第 {at} 个字符有误：未知名称“{name}”（原始值请用 x）',
    en: "Formula error at character {at}: unknown name '{name}' (use x for the raw value)",
  },
  'template.formula.arity': {
    'zh-CN': '公式第 {at} 个字符有误：{name} 需要 {count} 个参数',
    en: 'Formula error at character {at}: {name} takes {count} argument(s)',
  },
  'template.formula.noX': {
    'zh-CN': '公式第 {at} 个字符有误：公式须使用原始值 x',
    en: 'Formula error at character {at}: the formula must use the raw value x',
  },
  'template.formula.tooLong': {
    'zh-CN': '公式第 {at} 个字符有误：公式最多 {max} 个字符',
    en: 'Formula error at character {at}: a formula has at most {max} characters',
  },
  'template.category.environment': { 'zh-CN': '环境监测', en: 'Environment' },
  'template.category.energy': { 'zh-CN': '电力能耗', en: 'Energy' },
  'template.category.flow': { 'zh-CN': '流量计量', en: 'Flow' },
  'template.category.controller': { 'zh-CN': '控制器', en: 'Controllers' },
  'template.category.pressure': { 'zh-CN': '压力', en: 'Pressure' },
  'template.category.level': { 'zh-CN': '液位', en: 'Level' },
} as const;

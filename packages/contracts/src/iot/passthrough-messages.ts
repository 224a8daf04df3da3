/** Messages of passthrough strategies (Transparent Transmission Groups), in every language (spec section 8). */
export const passthroughMessages = {
  'passthrough.name.empty': { 'zh-CN': '请输入策略名称', en: 'Enter a strategy name' },
  'passthrough.name.tooLong': { 'zh-CN': '策略名称最多 40 个字符', en: 'A strategy name is at most 40 characters' },
  'passthrough.name.taken': {
    'zh-CN': '已有同名的透传策略',
    en: 'A passthrough strategy with this name already exists',
  },
  'passthrough.device.empty': { 'zh-CN': '请选择 DTU 设备', en: 'Choose a DTU' },
  'passthrough.device.notDtu': {
    'zh-CN': '该设备类型不支持透传，只有 DTU（Modbus RTU、Modbus TCP、DL/T 645）可以',
    en: 'This device type does not support passthrough: only DTUs (Modbus RTU, Modbus TCP, DL/T 645) do',
  },
  'passthrough.device.taken': {
    'zh-CN': '该 DTU 已在另一个透传策略中',
    en: 'This DTU is already in another passthrough strategy',
  },
  'passthrough.allow.address': {
    'zh-CN': '允许的来源地址须为 IPv4 地址，例如 203.0.113.7',
    en: 'An allowed source address must be an IPv4 address, for example 203.0.113.7',
  },
  'passthrough.allow.tooMany': {
    'zh-CN': '允许的来源地址最多 20 个',
    en: 'At most 20 allowed source addresses',
  },
  'passthrough.edges.empty': { 'zh-CN': '请选择至少一个边缘组 DTU', en: 'Choose at least one edge DTU' },
  'passthrough.edges.tooMany': { 'zh-CN': '边缘组最多 20 个 DTU', en: 'An edge group has at most 20 DTUs' },
  'passthrough.edges.twice': {
    'zh-CN': '同一个 DTU 不能在分组中出现两次，管理组 DTU 也不能同时在边缘组',
    en: 'A DTU cannot be in the group twice, nor be both the management DTU and an edge',
  },
  'passthrough.edges.notDtu': {
    'zh-CN': '边缘组中有设备类型不支持透传，只有 DTU（Modbus RTU、Modbus TCP、DL/T 645）可以',
    en: 'An edge device does not support passthrough: only DTUs (Modbus RTU, Modbus TCP, DL/T 645) do',
  },
  'passthrough.edges.taken': {
    'zh-CN': '边缘组中有 DTU 已在另一个透传策略中',
    en: 'An edge DTU is already in another passthrough strategy',
  },
  'passthrough.tooMany': {
    'zh-CN': '透传策略数量已达上限（每个账号 {max} 个）',
    en: 'Too many passthrough strategies (at most {max} per account)',
  },
  'passthrough.notFound': {
    'zh-CN': '透传策略不存在或无权查看',
    en: 'The passthrough strategy does not exist or is not yours to see',
  },
  'passthrough.busy': {
    'zh-CN': '设备正在透传中，PC 软件断开后才能下发指令',
    en: 'The device is in a passthrough session: commands can be sent once the PC software disconnects',
  },
} as const;

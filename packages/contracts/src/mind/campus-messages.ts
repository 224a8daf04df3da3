/** Messages of campus equipment and behaviour alerts, in every language. */
export const campusMessages = {
  'v.campusDevice.name': { 'zh-CN': '设备名称为 1-50 个字符', en: 'Device name: 1-50 characters' },
  'v.campusDevice.location': { 'zh-CN': '安装位置为 1-100 个字符', en: 'Location: 1-100 characters' },
  'v.campusAlert.result': { 'zh-CN': '处理结果为 1-500 个字符', en: 'Result: 1-500 characters' },
  'campus.notSchool': { 'zh-CN': '请选择你管理的学校', en: 'Choose a school you manage' },
  'campus.deviceNotFound': { 'zh-CN': '设备不存在', en: 'No such device' },
  'campus.unsigned': {
    'zh-CN': '请求未签名：请带上设备密钥、时间戳、随机数和签名',
    en: 'The request is not signed: send the device key, timestamp, nonce and signature',
  },
  'campus.unknownDevice': { 'zh-CN': '未知的设备密钥', en: 'Unknown device key' },
  'campus.badSignature': {
    'zh-CN': '签名不正确，请检查设备密钥和签名方法',
    en: 'The signature is wrong: check the device secret and the signing method',
  },
  'campus.staleTimestamp': {
    'zh-CN': '时间戳超出允许范围，请校准设备时钟',
    en: 'The timestamp is outside the allowed window: set the device clock',
  },
  'campus.replay': {
    'zh-CN': '重复的请求（随机数已使用），已拒绝',
    en: 'Replayed request (nonce already used): refused',
  },
  'campus.otherSchool': {
    'zh-CN': '该设备不属于这所学校，事件未保存',
    en: 'This device belongs to another school; the event was not stored',
  },
  'campus.snapshotTooLarge': {
    'zh-CN': '抓拍图片过大（最大 512 KB），事件未保存',
    en: 'The snapshot is too large (512 KB at most); the event was not stored',
  },
  'campus.snapshotNotImage': {
    'zh-CN': '抓拍必须是 JPG 或 PNG 图片，事件未保存',
    en: 'The snapshot must be a JPG or PNG image; the event was not stored',
  },
  'campus.warningReason': {
    'zh-CN': '校园设备识别到该学生参与{type}（{location}）',
    en: 'A campus device identified the student in a {type} event ({location})',
  },
  'v.campusWarningTypes': { 'zh-CN': '请选择事件类型', en: 'Choose event types' },
  'v.campusDayReport.minute': { 'zh-CN': '请选择发送时间', en: 'Choose the time to send' },
  'v.campusDayReport.people': { 'zh-CN': '接收人最多 50 名', en: '50 recipients at most' },
  'v.campusDayReport.contents': { 'zh-CN': '请至少选择一项内容', en: 'Choose at least one part' },
  'campus.alertNotFound': { 'zh-CN': '预警不存在', en: 'No such alert' },
  'campus.alertClosed': {
    'zh-CN': '这条预警已处理完毕，不能再操作',
    en: 'This alert is already closed; nothing was changed',
  },
  'campus.notHolder': {
    'zh-CN': '这条预警已转交给其他人处理',
    en: 'This alert has been handed over to someone else',
  },
  'campus.handOverOutside': {
    'zh-CN': '只能转交给本校有安全预警权限的老师',
    en: 'Hand it over to a member of this school’s staff who handles security alerts',
  },
} as const;

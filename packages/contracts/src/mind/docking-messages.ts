/** Messages of province docking, in every language (decision 0103). */
export const dockingMessages = {
  'v.docking.baseUrl': {
    'zh-CN': '请输入以 http:// 或 https:// 开头的平台地址（最多 300 字符）',
    en: 'Enter the platform address starting with http:// or https:// (at most 300 characters)',
  },
  'v.docking.appId': { 'zh-CN': '请输入应用编号（最多 100 字符）', en: 'Enter the app id (at most 100 characters)' },
  'v.docking.secret': { 'zh-CN': '密钥最多 200 个字符', en: 'The secret: at most 200 characters' },
  'v.docking.kinds': { 'zh-CN': '请至少选择一类上报数据', en: 'Choose at least one kind of data to report' },
  'v.docking.name': { 'zh-CN': '请输入姓名（最多 50 字）', en: 'Enter the name (at most 50 characters)' },
  'v.docking.idCard': {
    'zh-CN': '身份证号为 18 位，最后一位可为 X',
    en: 'An ID number has 18 characters, the last may be X',
  },
  'v.docking.code': {
    'zh-CN': '字段名和代码最多 50 个字符，代码不能为空',
    en: 'A field name or code has at most 50 characters, and a code may not be empty',
  },
  'v.docking.mapTwice': { 'zh-CN': '同一字段只能映射一次', en: 'Map each field only once' },
  'v.docking.resyncPerMinute': {
    'zh-CN': '每分钟批次数为 1 到 60',
    en: 'Batches a minute: from 1 to 60',
  },
  'v.docking.resyncSchools': { 'zh-CN': '请至少选择一所学校', en: 'Choose at least one school' },
  'docking.resyncRunning': {
    'zh-CN': '已有一次全量重新上报正在进行（已排队 {done}/{total} 条），请等它完成后再开始',
    en: 'A full resync is already running ({done} of {total} records queued); start another once it is done',
  },
  'docking.notConfigured': {
    'zh-CN': '尚未配置省平台：请先在“省平台数据对接”中填写地址、应用编号和密钥并保存',
    en: 'The province platform is not set up yet: fill in its address, app id and secret on Province data docking and save',
  },
  'docking.noSecret': {
    'zh-CN': '尚无签名密钥：请填写密钥，或在服务器环境变量 PROVINCE_APP_SECRET 中设置',
    en: 'There is no signing secret: enter one, or set PROVINCE_APP_SECRET on the server',
  },
  'docking.schoolOutside': {
    'zh-CN': '所选学校不在您的管理范围内',
    en: 'A chosen school is not one you manage',
  },
  'docking.noSchools': {
    'zh-CN': '请先选择要上报的学校',
    en: 'Choose the schools to report first',
  },
  'docking.recordNotFound': {
    'zh-CN': '没有找到该上报记录，或您无权查看',
    en: 'No such upload record, or it is not yours to see',
  },
  'docking.notRefused': {
    'zh-CN': '只有被省平台拒收的学生记录可以修改后重新上报',
    en: 'Only a student record the province platform refused can be corrected and sent again',
  },
  'docking.resendNotFailed': {
    'zh-CN': '所选记录中有未失败的记录，只有失败的记录可以重新上报',
    en: 'Some chosen records have not failed: only failed records can be sent again',
  },
  'docking.unreachable': {
    'zh-CN': '省平台暂时无法连接，系统将自动重试',
    en: 'The province platform cannot be reached now; it will be tried again automatically',
  },
} as const;

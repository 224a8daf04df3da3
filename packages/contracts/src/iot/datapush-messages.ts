/** Messages of data push targets, in every language (spec section 8). */
export const dataPushMessages = {
  'dataPush.creationClosed': {
    'zh-CN': '数据推送已不再支持新建（请联系销售）',
    en: 'Data push creation no longer supported (contact sales)',
  },
  'dataPush.owner.empty': { 'zh-CN': '请选择推送所属的账号', en: 'Choose the account the push belongs to' },
  'dataPush.owner.notFound': { 'zh-CN': '账号不存在', en: 'The account does not exist' },
  'dataPush.name.empty': { 'zh-CN': '请输入推送名称', en: 'Enter a push name' },
  'dataPush.name.tooLong': { 'zh-CN': '推送名称最多 40 个字符', en: 'A push name is at most 40 characters' },
  'dataPush.url.invalid': {
    'zh-CN': '推送地址须为 http 或 https 网址',
    en: 'The push URL must be an http or https address',
  },
  'dataPush.url.tooLong': { 'zh-CN': '推送地址最多 256 个字符', en: 'A push URL is at most 256 characters' },
  'dataPush.url.outsidePrefix': {
    'zh-CN': '数据推送地址必须以 {prefix} 开头',
    en: 'The data push URL must start with {prefix}',
  },
  'dataPush.url.noPrefix': {
    'zh-CN': '本平台未配置数据推送地址前缀（DATA_PUSH_URL_PREFIX），无法添加推送',
    en: 'This deployment has no data push URL prefix (DATA_PUSH_URL_PREFIX): no push can be added',
  },
  'dataPush.what.empty': {
    'zh-CN': '请至少选择推送设备数据或告警之一',
    en: 'Choose at least one of device values and alarms to push',
  },
  'dataPush.notFound': {
    'zh-CN': '数据推送不存在或无权查看',
    en: 'The data push does not exist or is not yours to see',
  },
} as const;

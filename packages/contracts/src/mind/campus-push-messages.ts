/** Messages of the push configuration of behaviour alerts, in every language. */
export const campusPushMessages = {
  'v.campusPush.name': { 'zh-CN': '规则名称为 1-50 个字符', en: 'Rule name: 1-50 characters' },
  'v.campusPush.types': { 'zh-CN': '请至少选择一种事件类型', en: 'Choose at least one event type' },
  'v.campusPush.people': { 'zh-CN': '请选择 1-50 名接收人', en: 'Choose 1-50 people to tell' },
  'v.campusPush.channels': { 'zh-CN': '请至少选择一种推送方式', en: 'Choose at least one channel' },
  'v.campusPush.emotionLevels': {
    'zh-CN': '请至少选择一个情绪预警级别',
    en: 'Choose at least one emotion alert level',
  },
  'v.campusPush.hours': {
    'zh-CN': '推送时段须在 00:00-24:00 之内，开始和结束不能相同',
    en: 'The hours lie within 00:00-24:00 and start and end at different times',
  },
  'campusPush.channelUnavailable': {
    'zh-CN': '所选推送方式在本系统尚未配置服务商，请改选其他方式',
    en: 'A chosen channel has no provider configured in this deployment: choose another',
  },
  'campusPush.noMobile': { 'zh-CN': '未填写手机号，未发送', en: 'No mobile number on file: not sent' },
  'campusPush.noProvider': {
    'zh-CN': '短信服务商已不再配置，未发送',
    en: 'The SMS provider is no longer configured: not sent',
  },
  'campusPush.noWechat': { 'zh-CN': '未绑定微信，未发送', en: 'No WeChat bound: not sent' },
  'campusPush.noWechatProvider': {
    'zh-CN': '微信公众号已不再配置，未发送',
    en: 'The WeChat official account is no longer configured: not sent',
  },
  'campusPush.refused': { 'zh-CN': '服务商拒绝发送：{detail}', en: 'The provider refused it: {detail}' },
  'campusPush.sms': {
    'zh-CN': '{school}{location}发生{type}（{time}），请及时处理',
    en: '{type} at {school}, {location} ({time}): please handle it',
  },
  'campusPush.notStaff': {
    'zh-CN': '接收人须为该校在职的老师',
    en: 'Every person to tell must be an active member of this school’s staff',
  },
  'campusPush.ruleNotFound': { 'zh-CN': '推送规则不存在', en: 'No such push rule' },
  'campusPush.noticeNotFound': { 'zh-CN': '消息不存在', en: 'No such message' },
} as const;

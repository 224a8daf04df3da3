/** Messages of contacts and alarm notifications, in every language. */
export const notifyMessages = {
  'v.notify.name': { 'zh-CN': '名称为 1-30 个字符', en: 'Name: 1-30 characters' },
  'v.notify.nameSpaces': { 'zh-CN': '名称不能包含空格', en: 'The name cannot contain spaces' },
  'v.notify.secret': { 'zh-CN': '密钥为 1-200 个字符', en: 'Secret: 1-200 characters' },
  'v.notify.required': { 'zh-CN': '此项必填', en: 'This field is required' },
  'v.notify.url': { 'zh-CN': '请输入有效的网址，最多 256 个字符', en: 'Enter a valid URL of at most 256 characters' },
  'v.contact.reach': {
    'zh-CN': '手机号、邮箱和微信至少填写一项',
    en: 'Enter at least one of phone, email or WeChat',
  },
  'v.contact.needsPhone': {
    'zh-CN': '短信、语音和 App 推送需要手机号',
    en: 'SMS, voice calls and app push need a phone number',
  },
  'v.contact.needsEmail': { 'zh-CN': '邮件通知需要邮箱', en: 'Email notifications need an email address' },
  'v.contact.needsOpenid': { 'zh-CN': '微信通知需要微信 OpenID', en: 'WeChat notifications need a WeChat OpenID' },
  'v.contact.openid': {
    'zh-CN': '微信 OpenID 为 6-64 位字母、数字、- 或 _',
    en: 'The WeChat OpenID is 6-64 letters, digits, - or _',
  },
  'v.contact.channel': { 'zh-CN': '不支持的通知方式', en: 'Unknown notification channel' },
  'v.contact.remark': { 'zh-CN': '备注最多 200 个字符', en: 'Remarks: up to 200 characters' },
  'v.contactGroup.many': { 'zh-CN': '一个分组最多 500 个联系人', en: 'At most 500 contacts per group' },
  'v.emailServer.host': { 'zh-CN': '请输入有效的 SMTP 服务器地址', en: 'Enter a valid SMTP server address' },
  'v.emailServer.port': { 'zh-CN': '端口最大为 65535', en: 'The port is at most 65535' },
  'v.emailTemplate.length': {
    'zh-CN': '主题最多 200 个字符，正文最多 5000 个字符，均不能为空',
    en: 'Subject up to 200 characters and body up to 5000, neither empty',
  },
  'v.emailTemplate.placeholder': {
    'zh-CN': '只能使用占位符 {device}、{point}、{value}、{time}、{content}',
    en: 'Only the placeholders {device}, {point}, {value}, {time} and {content} can be used',
  },
  'v.wechatPush.appId': {
    'zh-CN': '公众号 AppID 为 wx 加 16 位十六进制字符',
    en: 'The official account AppID is wx followed by 16 hexadecimal characters',
  },

  'contact.notFound': { 'zh-CN': '联系人不存在', en: 'No such contact' },
  'contact.nameTaken': { 'zh-CN': '已有同名联系人', en: 'A contact with this name already exists' },
  'contact.notOwn': {
    'zh-CN': '联系人 {id} 不属于该账号',
    en: 'Contact {id} does not belong to this account',
  },
  'contact.ownerNotFound': { 'zh-CN': '所属账号不存在', en: 'No such owning account' },
  'contactGroup.notFound': { 'zh-CN': '联系人分组不存在', en: 'No such contact group' },
  'contactGroup.nameTaken': { 'zh-CN': '已有同名分组', en: 'A group with this name already exists' },
  'contactGroup.notOwn': {
    'zh-CN': '分组 {id} 不属于该账号',
    en: 'Group {id} does not belong to this account',
  },
  'notify.secretMissing': {
    'zh-CN': '首次保存时须填写密码或密钥',
    en: 'Enter the password or secret the first time you save',
  },
  'notify.emailServerMissing': {
    'zh-CN': '请先保存邮件服务器设置',
    en: 'Save the Email Server settings first',
  },
  'notify.testMailFailed': {
    'zh-CN': '测试邮件发送失败：{reason}',
    en: 'The test mail was not sent: {reason}',
  },
  'notify.testMail.subject': { 'zh-CN': '测试邮件', en: 'Test mail' },
  'notify.testMail.body': {
    'zh-CN': '邮件服务器设置正确，报警通知可以通过此邮箱发送。',
    en: 'The Email Server settings work: alarm notifications can be sent from this mailbox.',
  },
  'delivery.notFound': { 'zh-CN': '通知记录不存在', en: 'No such notification' },
  'delivery.notFailed': {
    'zh-CN': '只有发送失败的通知可以重新发送',
    en: 'Only a notification that failed can be sent again',
  },
  // Kept in English on the delivery (logs, API); Alarm Notification shows them in the reader's language (0134).
  'delivery.noSmsLeft': {
    'zh-CN': '本月短信已用完：请购买短信包',
    en: 'no SMS left this month: buy an SMS pack',
  },
  'delivery.noVoiceLeft': {
    'zh-CN': '本月语音已用完：请购买语音包',
    en: 'no voice calls left this month: buy a voice pack',
  },
  'notify.template.subject': { 'zh-CN': '【报警】{device} {content}', en: '[Alarm] {device} {content}' },
  'notify.template.body': {
    'zh-CN': '设备：{device}\n数据点：{point}\n数值：{value}\n时间：{time}\n内容：{content}',
    en: 'Device: {device}\nData point: {point}\nValue: {value}\nTime: {time}\nContent: {content}',
  },
};

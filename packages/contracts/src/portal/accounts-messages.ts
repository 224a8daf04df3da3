/** The sentences of the portal's accounts area, in zh-CN and English. */
export const accountsMessages = {
  'code.sent': { 'zh-CN': '验证码已发送', en: 'The verification code has been sent' },
  'code.smsNotConfigured': {
    'zh-CN': '未配置短信服务，请联系管理员',
    en: 'SMS is not configured; contact the administrator',
  },
  'code.mailNotConfigured': {
    'zh-CN': '未配置邮件服务，请联系管理员',
    en: 'Email is not configured; contact the administrator',
  },
  'code.smsFailed': { 'zh-CN': '短信发送失败，请稍后再试', en: 'The SMS could not be sent; try again later' },
  'code.mailFailed': { 'zh-CN': '邮件发送失败，请稍后再试', en: 'The email could not be sent; try again later' },
  'code.dailyLimit': {
    'zh-CN': '今日获取验证码次数已达上限，请明天再试',
    en: 'Too many verification codes today; try again tomorrow',
  },
  'code.hourlyLimit': {
    'zh-CN': '验证码发送过于频繁，请一小时后再试',
    en: 'Too many verification codes in the last hour; try again in an hour',
  },
  'code.smsSetupRefused': {
    'zh-CN': '短信服务商拒绝发送（短信服务配置有误），验证码未发送，请联系管理员',
    en: 'The SMS provider refused to send because the SMS service is set up wrongly; no code was sent. Contact the administrator',
  },
  'code.smsProviderLimit': {
    'zh-CN': '短信服务商限制了向该手机号发送短信的频率，验证码未发送，请稍后再试',
    en: 'The SMS provider is limiting messages to this phone; no code was sent. Try again later',
  },
  'code.smsBadPhone': {
    'zh-CN': '短信服务商无法向该手机号发送短信，请检查号码',
    en: 'The SMS provider cannot send to this phone number; check the number',
  },
  'code.addressLimit': {
    'zh-CN': '获取验证码过于频繁，请稍后再试',
    en: 'Too many verification codes from this address; try again later',
  },
  'code.purpose.login': { 'zh-CN': '登录', en: 'signing in' },
  'code.purpose.register': { 'zh-CN': '注册', en: 'registering' },
  'code.purpose.reset': { 'zh-CN': '找回密码', en: 'resetting your password' },
  'code.purpose.bind': { 'zh-CN': '绑定', en: 'binding' },
  'code.mail.subject': { 'zh-CN': '您的验证码：{code}', en: 'Your verification code: {code}' },
  'code.mail.body': {
    'zh-CN': '您正在{purpose}，验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本邮件。',
    en: 'Your verification code for {purpose} is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this email.',
  },

  'v.codeTarget': { 'zh-CN': '请输入手机号或邮箱', en: 'Enter a phone number or an email address' },
  'v.avatar': { 'zh-CN': '头像地址无效', en: 'The avatar address is not valid' },
  'v.policyHint': { 'zh-CN': '密码提示最多 200 个字符', en: 'The password hint is at most 200 characters' },
  'v.slowAfter': {
    'zh-CN': '开始减速的失败次数不能大于锁定次数',
    en: 'Slowing down must start at or before the number of failures that locks',
  },
  'v.vipLevel': {
    'zh-CN': '会员等级为 0（非会员）、1（一级会员）或 2（中性会员）',
    en: 'Membership: 0 (non-member), 1 (level-1 member) or 2 (neutral member)',
  },
  'v.deviceLevel': {
    'zh-CN': '设备等级应大于 0 且小于 4',
    en: 'The device level must be greater than 0 and less than 4',
  },
  'v.slaveQuota': { 'zh-CN': '从机数量应大于 0', en: 'The slave count must be greater than 0' },

  'account.released': { 'zh-CN': '手机号已解除绑定', en: 'The phone has been released' },
  'account.self': { 'zh-CN': '不能对自己的账号执行此操作', en: 'You cannot do this to your own account' },
  'account.superAdminOnly': {
    'zh-CN': '只有超级管理员可以执行此操作',
    en: 'Only a super administrator may do this',
  },
  'account.awaitsReview': {
    'zh-CN': '该账号待审核，请先审核',
    en: 'This account awaits review: approve or reject it first',
  },
  'account.appUnavailable': {
    'zh-CN': '本平台未开放该应用的注册',
    en: 'This deployment does not offer registration for that application',
  },
  'account.signInToChange': {
    'zh-CN': '密码未过期，请登录后在个人中心修改',
    en: 'Your password has not expired: sign in and change it in the account center',
  },
  'account.notYours': {
    'zh-CN': '只能修改当前登录账号的密码',
    en: 'You can only change the password of the account you are signed in with',
  },
  'account.notDuringRunAs': {
    'zh-CN': '代登录期间不能修改该用户的密码或邮箱',
    en: 'While acting as another user you cannot change their password or email',
  },
} as const;

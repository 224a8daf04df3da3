/** The sentences of the portal's oauth area, in zh-CN and English. `{provider}` is a provider's name below. */
export const oauthMessages = {
  'oauth.provider.wechat': { 'zh-CN': '微信', en: 'WeChat' },
  'oauth.provider.dingtalk': { 'zh-CN': '钉钉', en: 'DingTalk' },
  'oauth.action.bind': { 'zh-CN': '绑定', en: 'Bound' },
  'oauth.action.unbind': { 'zh-CN': '解绑', en: 'Unbound' },
  'oauth.action.transfer': { 'zh-CN': '换绑', en: 'Moved here' },

  'oauth.notConfigured': {
    'zh-CN': '未配置{provider}登录，请联系管理员',
    en: 'Sign-in with {provider} is not configured; contact the administrator',
  },
  'oauth.stateInvalid': {
    'zh-CN': '登录请求已失效，请重新发起',
    en: 'This sign-in request has expired or was already used: please start again',
  },
  'oauth.cancelled': { 'zh-CN': '已取消{provider}授权', en: 'Sign-in with {provider} was cancelled' },
  'oauth.codeRefused': {
    'zh-CN': '{provider}授权失败，请重新扫码',
    en: '{provider} did not accept the sign-in: please scan again',
  },
  'oauth.unavailable': {
    'zh-CN': '{provider}服务暂时无法访问，请稍后再试或使用密码登录',
    en: '{provider} cannot be reached now: try again later or sign in with your password',
  },
  'oauth.notBound': {
    'zh-CN': '该{provider}账号尚未绑定平台账号，请登录或注册后绑定',
    en: 'This {provider} account is not bound to an account yet: sign in or register to bind it',
  },
  'oauth.ticketInvalid': {
    'zh-CN': '绑定请求已失效，请重新扫码',
    en: 'This binding request has expired or was already used: please scan again',
  },
  'oauth.boundElsewhere': {
    'zh-CN': '该{provider}账号已绑定其他账号（{account}）',
    en: 'This {provider} account is already bound to another account ({account})',
  },
  'oauth.alreadyHasBinding': {
    'zh-CN': '当前账号已绑定{provider}，请先解绑',
    en: 'This account is already bound to a {provider} account: unbind it first',
  },
  'oauth.notBoundHere': { 'zh-CN': '当前账号未绑定{provider}', en: 'This account is not bound to {provider}' },
  'oauth.runAsRefused': {
    'zh-CN': '代登录期间不能绑定第三方账号',
    en: 'You cannot bind outside accounts while acting as another user',
  },
} as const;

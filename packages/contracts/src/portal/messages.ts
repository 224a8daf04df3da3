/** The portal's sentences: sign-in, accounts, sessions, roles. Wording follows both specs' catalogues. */
export const portalMessages = {
  'auth.signedIn': { 'zh-CN': '登录成功', en: 'Signed in' },
  'auth.wrongPassword': { 'zh-CN': '用户名或密码错误', en: 'Wrong user name or password' },
  'auth.review': { 'zh-CN': '请联系管理员审核账号', en: 'Contact the administrator for account review' },
  'auth.wrongCode': { 'zh-CN': '手机号或验证码错误', en: 'Wrong phone number or verification code' },
  'auth.retryAfter': { 'zh-CN': '请 {seconds} 秒后再试', en: 'Please try again after {seconds} s' },
  'auth.noRole': {
    'zh-CN': '该账号未分配角色，请联系管理员',
    en: 'This account has no role assigned; contact the administrator',
  },
  'auth.locked': {
    'zh-CN': '尝试次数过多，账号已锁定，请 {minutes} 分钟后再试',
    en: 'Too many attempts: the account is locked, try again in {minutes} min',
  },
  'auth.addressLocked': {
    'zh-CN': '该地址尝试次数过多，请 {minutes} 分钟后再试',
    en: 'Too many attempts from this address, try again in {minutes} min',
  },
  'auth.lockedForNewAddress': {
    'zh-CN': '该账号登录失败次数过多：请在曾登录过的设备上登录，或使用短信验证码登录，或 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins on this account: sign in from a device you have used before or with an SMS code, or try again in {minutes} min',
  },
  'auth.disabled': { 'zh-CN': '账号已停用，请联系管理员', en: 'This account is disabled; contact the administrator' },
  'auth.passwordExpired': {
    'zh-CN': '密码已过期，请修改密码',
    en: 'Your password has expired; please change it',
  },
  'auth.forbidden': { 'zh-CN': '没有权限执行此操作', en: 'You do not have permission to do this' },
  'auth.badTarget': { 'zh-CN': '跳转地址无效', en: 'The return address is not valid' },
  'auth.badJwt': { 'zh-CN': '登录凭证无效或已过期', en: 'The sign-in credential is invalid or expired' },
  'auth.jwtNotConfigured': {
    'zh-CN': '未配置令牌登录，请联系管理员',
    en: 'Token sign-in is not configured; contact the administrator',
  },
  'auth.runAsSelf': { 'zh-CN': '不能以自己的身份代登录', en: 'You cannot act as yourself' },
  'auth.runAsNested': {
    'zh-CN': '代登录期间不能再次代登录',
    en: 'You cannot act as another user while acting as someone',
  },
  'auth.oldPasswordWrong': { 'zh-CN': '原密码错误', en: 'The current password is wrong' },
  'auth.passwordReused': {
    'zh-CN': '新密码不能与原密码相同',
    en: 'The new password must differ from the current one',
  },

  'v.account': {
    'zh-CN': '用户名为 3-20 位中文、字母、数字或下划线',
    en: 'User name: 3-20 Chinese characters, letters, digits or underscores',
  },
  'v.password': {
    'zh-CN': '密码为 6-20 位，至少包含字母、数字、符号中的两种，不能有空格',
    en: 'Password: 6-20 characters with at least two of letters, digits and symbols, no spaces',
  },
  'v.passwordMismatch': { 'zh-CN': '两次输入的密码不一致', en: 'The two passwords do not match' },
  'v.phone': { 'zh-CN': '手机号格式不正确', en: 'The phone number is not valid' },
  'v.email': { 'zh-CN': '邮箱格式不正确', en: 'The email address is not valid' },
  'v.code': { 'zh-CN': '验证码为 6 位数字', en: 'The verification code is 6 digits' },
  'v.nickname': { 'zh-CN': '姓名为 1-30 个字符', en: 'Name: 1-30 characters' },

  'account.taken': { 'zh-CN': '用户名已存在', en: 'This user name is already taken' },
  'account.phoneBound': {
    'zh-CN': '该手机号已绑定其他用户，请先解除绑定',
    en: 'This phone is bound to another user; ask for it to be released first',
  },
  'account.emailBound': {
    'zh-CN': '该邮箱已绑定其他用户',
    en: 'This email address is bound to another user',
  },
  'account.notFound': { 'zh-CN': '用户不存在', en: 'No such user' },
  'account.registered': { 'zh-CN': '注册成功', en: 'Registered' },
  'account.notPending': { 'zh-CN': '该账号不在待审核状态', en: 'This account is not awaiting review' },
} as const;

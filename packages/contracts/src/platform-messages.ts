import type { Lang } from './lang.ts';

/** One catalogue: each key's sentence in every language. */
export type MessageCatalogue = Record<string, Record<Lang, string>>;
export type MessageParams = Record<string, string | number | bigint | boolean | null | undefined>;

/**
 * The platform's own sentences: the envelope, HTTP failures, sessions and generic validation.
 * Apart from the other catalogues because every front end's first screen needs them (a failed
 * call, a dead session) and the rest only on the pages of their feature (decision 0051).
 */
export const platformMessages = {
  ok: { 'zh-CN': '操作成功', en: 'Success' },
  'http.validation': { 'zh-CN': '请求参数有误', en: 'Some fields are not valid' },
  'http.invalidJson': {
    'zh-CN': '请求体不是合法的 JSON',
    en: 'The request body is not valid JSON',
  },
  'http.emptyJson': {
    'zh-CN': '请求体为空，但内容类型声明为 JSON',
    en: 'The request body is empty but its content type says JSON',
  },
  'http.unsupportedMediaType': {
    'zh-CN': '不支持的内容类型：{type}',
    en: 'Unsupported content type: {type}',
  },
  'http.payloadTooLarge': {
    'zh-CN': '请求体过大，上限为 {limit}',
    en: 'The request body is too large; the limit is {limit}',
  },
  'http.notFound': { 'zh-CN': '请求的资源不存在', en: 'Not found' },
  'http.routeNotFound': { 'zh-CN': '接口不存在：{method} {url}', en: 'No such API: {method} {url}' },
  'http.methodNotAllowed': { 'zh-CN': '不支持该请求方法', en: 'Method not allowed' },
  'http.badRequest': { 'zh-CN': '请求有误', en: 'Bad request' },
  'http.tooManyRequests': {
    'zh-CN': '请求过于频繁，请稍后再试',
    en: 'Too many requests, please try again later',
  },
  'http.internal': { 'zh-CN': '服务器内部错误', en: 'Internal service error' },
  'http.unavailable': {
    'zh-CN': '服务暂不可用，请稍后再试',
    en: 'The service is unavailable, please try again later',
  },
  'http.shuttingDown': {
    'zh-CN': '服务正在停止，请稍后再试',
    en: 'The service is stopping, please try again shortly',
  },
  'http.networkError': { 'zh-CN': '网络错误，请重试', en: 'Network error, retry' },
  'http.timeout': { 'zh-CN': '请求超时，请重试', en: 'The request timed out, retry' },
  'web.notBuilt': {
    'zh-CN': '前端尚未构建，请先运行 npm run build',
    en: 'The web front end is not built yet: run npm run build',
  },

  'v.required': { 'zh-CN': '必填', en: 'is required' },
  'v.type': { 'zh-CN': '应为{expected}', en: 'must be {expected}' },
  'v.string.min': { 'zh-CN': '至少 {min} 个字符', en: 'must be at least {min} characters' },
  'v.string.max': { 'zh-CN': '最多 {max} 个字符', en: 'must be at most {max} characters' },
  'v.string.exact': { 'zh-CN': '应为 {min} 个字符', en: 'must be exactly {min} characters' },
  'v.string.empty': { 'zh-CN': '不能为空', en: 'must not be empty' },
  'v.number.min': { 'zh-CN': '不能小于 {min}', en: 'must be at least {min}' },
  'v.number.gt': { 'zh-CN': '应大于 {min}', en: 'must be greater than {min}' },
  'v.number.max': { 'zh-CN': '不能大于 {max}', en: 'must be at most {max}' },
  'v.number.lt': { 'zh-CN': '应小于 {max}', en: 'must be less than {max}' },
  'v.number.int': { 'zh-CN': '应为整数', en: 'must be a whole number' },
  'v.array.min': { 'zh-CN': '至少 {min} 项', en: 'must have at least {min} items' },
  'v.array.max': { 'zh-CN': '最多 {max} 项', en: 'must have at most {max} items' },
  'v.format': { 'zh-CN': '格式不正确', en: 'is not in the right format' },
  'v.format.email': { 'zh-CN': '邮箱格式不正确', en: 'is not a valid email address' },
  'v.format.url': { 'zh-CN': '网址格式不正确', en: 'is not a valid URL' },
  'v.enum': { 'zh-CN': '应为以下之一：{values}', en: 'must be one of: {values}' },
  'v.unknownKeys': { 'zh-CN': '不支持的字段：{keys}', en: 'unknown field(s): {keys}' },
  'v.invalid': { 'zh-CN': '取值无效', en: 'is not valid' },
  'v.multipleOf': { 'zh-CN': '应为 {divisor} 的倍数', en: 'must be a multiple of {divisor}' },

  'type.string': { 'zh-CN': '文本', en: 'text' },
  'type.number': { 'zh-CN': '数字', en: 'a number' },
  'type.int': { 'zh-CN': '整数', en: 'a whole number' },
  'type.boolean': { 'zh-CN': '是/否', en: 'true or false' },
  'type.array': { 'zh-CN': '列表', en: 'a list' },
  'type.object': { 'zh-CN': '对象', en: 'an object' },
  'type.date': { 'zh-CN': '日期', en: 'a date' },
  'type.value': { 'zh-CN': '有效的值', en: 'a valid value' },

  'session.10020': { 'zh-CN': '未登录，请先登录', en: 'Not signed in: please sign in' },
  'session.10021': { 'zh-CN': '登录已过期，请重新登录', en: 'Your session has expired: please sign in again' },
  'session.10022': { 'zh-CN': '登录已失效，请重新登录', en: 'You were signed out: please sign in again' },
  'session.10023': {
    'zh-CN': '密码已过期，请修改密码后重新登录',
    en: 'Your password has expired: change it and sign in again',
  },
  'session.10024': { 'zh-CN': '账号已停用，请联系管理员', en: 'Your account is disabled; contact the administrator' },
  'session.10025': { 'zh-CN': '账号待审核，请联系管理员', en: 'Your account awaits review; contact the administrator' },
  'session.10026': { 'zh-CN': '密码已修改，请重新登录', en: 'Your password was changed: please sign in again' },
  'session.10027': { 'zh-CN': '登录凭证无效，请重新登录', en: 'Your sign-in token is not valid: please sign in again' },
  'session.10028': {
    'zh-CN': '代登录已结束，请重新登录',
    en: 'Acting as another user has ended: please sign in again',
  },
  'session.10029': {
    'zh-CN': '角色已变更，请重新登录',
    en: 'Your role has changed: please sign in again',
  },
} satisfies MessageCatalogue;

/** The sentence for `key` of `catalogue` in `lang`, with `{placeholders}` filled. */
export function translateIn<C extends MessageCatalogue>(
  catalogue: C,
  key: keyof C & string,
  lang: Lang,
  params: MessageParams = {},
): string {
  return fillPlaceholders(catalogue[key]?.[lang] ?? key, params);
}

export function fillPlaceholders(text: string, params: MessageParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

import { alarmsMessages } from './iot/alarms-messages.ts';
import { devicesMessages } from './iot/devices-messages.ts';
import { gatewayMessages } from './iot/gateway-messages.ts';
import { mqttMessages } from './iot/mqtt-messages.ts';
import { notifyMessages } from './iot/notify-messages.ts';
import { projectsMessages } from './iot/projects-messages.ts';
import { telemetryMessages } from './iot/telemetry-messages.ts';
import { templatesMessages } from './iot/templates-messages.ts';
import type { Lang } from './lang.ts';
import { archiveMessages } from './mind/archive-messages.ts';
import { assessmentsMessages } from './mind/assessments-messages.ts';
import { downloadsMessages } from './mind/downloads-messages.ts';
import { interventionsMessages } from './mind/interventions-messages.ts';
import { peopleIoMessages } from './mind/people-io-messages.ts';
import { scalesMessages } from './mind/scales-messages.ts';
import { studentsMessages } from './mind/students-messages.ts';
import { teachersMessages } from './mind/teachers-messages.ts';
import { accountsMessages } from './portal/accounts-messages.ts';
import { filesMessages } from './portal/files-messages.ts';
import { portalMessages } from './portal/messages.ts';
import { oauthMessages } from './portal/oauth-messages.ts';
import { orgsMessages } from './portal/orgs-messages.ts';

type Catalogue = Record<string, Record<Lang, string>>;

/**
 * Messages the server sends and the web shows, in every language. A feature keeps its own
 * catalogue beside its schemas and is spread into `messages` below, so that one key means one
 * sentence everywhere. `{name}` placeholders are filled by `translate`.
 */
const platform = {
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
} satisfies Catalogue;

/** Every feature's catalogue; `messages` merges them, and a test proves no key is in two. */
export const catalogues = [
  platform,
  portalMessages,
  accountsMessages,
  filesMessages,
  orgsMessages,
  oauthMessages,
  studentsMessages,
  teachersMessages,
  devicesMessages,
  projectsMessages,
  templatesMessages,
  peopleIoMessages,
  gatewayMessages,
  telemetryMessages,
  mqttMessages,
  scalesMessages,
  assessmentsMessages,
  alarmsMessages,
  notifyMessages,
  interventionsMessages,
  archiveMessages,
  downloadsMessages,
] as const satisfies readonly Catalogue[];

type Merged<T extends readonly object[]> = T extends readonly [infer Head, ...infer Rest extends readonly object[]]
  ? Head & Merged<Rest>
  : unknown;

export const messages: Merged<typeof catalogues> = Object.assign({}, ...catalogues);
export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number | bigint | boolean | null | undefined>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/** The sentence for `key` in `lang`, with `{placeholders}` filled; an unknown key comes back as is. */
export function translate(key: string, lang: Lang, params: MessageParams = {}): string {
  const text = isMessageKey(key) ? messages[key][lang] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

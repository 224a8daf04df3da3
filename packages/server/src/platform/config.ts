import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localizeIssue } from '@meridian/contracts';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from './time.ts';

const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

export const SERVICES = ['api', 'gateway', 'jobs'] as const;
export type Service = (typeof SERVICES)[number];
export const APPS = ['iot', 'mind'] as const;
export type AppName = (typeof APPS)[number];

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

function listOf<T extends string>(allowed: readonly T[]) {
  return z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(allowed as [T, ...T[]])).min(1));
}

/** Every setting Meridian reads from the environment, with its default. README lists them. */
const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/)
    .optional(),
  /**
   * Two connections per core, 4 to 20: more backends than cores only queue inside PostgreSQL and
   * take the CPU from this process when both share a machine (decision 0042).
   */
  PG_POOL_MAX: positiveInt.max(1000).default(Math.min(20, Math.max(4, 2 * os.availableParallelism()))),
  MERIDIAN_APPS: listOf(APPS).default([...APPS]),
  MERIDIAN_SERVICES: listOf(SERVICES).default([...SERVICES]),
  WEB_DIR: z.string().min(1).default(path.join(repoRoot, 'packages/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  TRUST_PROXY: flag.default(false),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  /** The zone dates are read and shown in (terms, alarm times, exports, daily counts): an IANA name. */
  TIME_ZONE: z.string().refine(isTimeZone, 'must be a time zone such as Asia/Shanghai').default(DEFAULT_TIME_ZONE),
  JOBS_POLL_MS: positiveInt.default(1000),
  JOBS_CONCURRENCY: positiveInt.max(64).default(4),
  SESSION_TTL_HOURS: positiveInt.max(24 * 90).default(24),
  SESSION_IDLE_MINUTES: positiveInt.max(24 * 60 * 90).default(120),
  /** How long a process holds a session or data scope it read, between its own writes; 0: read on every request (decision 0042). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Shared secret (HS256) of the systems that sign users in with a JWT (`authz/login/jwt`). */
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * The key secrets the server must read back are sealed under at rest (campus device keys;
   * decision 0088): 32 bytes in base64, the same on every process. Unset: one made in DATA_DIR.
   */
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** The first administrator's password; without it the default password policy's applies. */
  ADMIN_PASSWORD: z.string().min(6).optional(),
  /** A demo district with an account per role on the first start; unset: on for SQLite, off for PostgreSQL and tests. */
  DEMO_DATA: z.enum(['on', 'off']).optional(),
  /** The demo accounts' password; without it `Demo@2026`, printed in the console. */
  DEMO_PASSWORD: z.string().min(6).max(20).optional(),
  /** The S3-compatible file store (MinIO; the OSS_MINIO channel). Set, new files go there; unset, to DATA_DIR/files. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** `bucket` in the path (MinIO's default) rather than in the host name. */
  S3_FORCE_PATH_STYLE: flag.default(true),
  /** WeChat website sign-in (Open Platform QR): the app's id and secret; both, or WeChat is off. */
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  /** Where WeChat's QR page and API live; point them elsewhere for a private gateway or a test. */
  WECHAT_OPEN_BASE: z.url({ protocol: /^https?$/ }).default('https://open.weixin.qq.com'),
  WECHAT_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.weixin.qq.com'),
  /** DingTalk sign-in (OAuth 2): the app's client id and secret; both, or DingTalk is off. */
  DINGTALK_CLIENT_ID: z.string().min(1).optional(),
  DINGTALK_CLIENT_SECRET: z.string().min(1).optional(),
  DINGTALK_LOGIN_BASE: z.url({ protocol: /^https?$/ }).default('https://login.dingtalk.com'),
  DINGTALK_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.dingtalk.com'),
  /** This site's address as registered with WeChat and DingTalk; default: the address the browser used. */
  OAUTH_CALLBACK_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** How long one call to WeChat or DingTalk may take before sign-in says the provider cannot be reached. */
  OAUTH_TIMEOUT_MS: positiveInt.max(60_000).default(10_000),
  /**
   * Who carries verification codes by SMS: Aliyun SendSms, Tencent Cloud SendSms, or a webhook of
   * the deployment's own. Unset: the webhook when SMS_WEBHOOK_URL is set, otherwise no SMS.
   */
  SMS_PROVIDER: z.enum(['aliyun', 'tencent', 'webhook']).optional(),
  /** The approved SMS sign (签名) and verification-code template (Aliyun SMS_xxx, Tencent template id). */
  SMS_SIGN_NAME: z.string().trim().min(1).optional(),
  SMS_TEMPLATE_CODE: z.string().trim().min(1).optional(),
  /** The Aliyun AccessKey pair for SMS_PROVIDER=aliyun (the API is at ALIYUN_SMS_BASE). */
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  /** Tencent Cloud's SecretId/SecretKey, SMS application and region for SMS_PROVIDER=tencent (API at TENCENT_SMS_BASE). */
  TENCENT_SMS_SECRET_ID: z.string().trim().min(1).optional(),
  TENCENT_SMS_SECRET_KEY: z.string().min(1).optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().trim().min(1).optional(),
  TENCENT_SMS_REGION: z.string().trim().min(1).default('ap-guangzhou'),
  /**
   * Alarm SMS (calls) through the platform's SMS_PROVIDER (Aliyun or Tencent, its keys and sign) for
   * accounts without their own SMS (voice) settings, counted against their month (decision 0134):
   * the approved alarm template (Aliyun SMS_xxx / TtsCode, Tencent template id). Unset: no platform alarms.
   */
  ALARM_SMS_TEMPLATE_CODE: z.string().trim().min(1).optional(),
  ALARM_VOICE_TEMPLATE_CODE: z.string().trim().min(1).optional(),
  /**
   * Mind's campus alerts by SMS (decision 0143): the approved template (Aliyun SMS_xxx, Tencent
   * template id) with one parameter, `content`, sent through SMS_PROVIDER (Aliyun or Tencent, its
   * keys and sign). Unset: push rules cannot choose SMS.
   */
  CAMPUS_SMS_TEMPLATE_CODE: z.string().trim().min(1).optional(),
  /**
   * Mind's campus alerts by WeChat (decision 0150): the school's official account (app id and
   * secret) and its approved template, one field `content` (the alert's sentence), sent through
   * WECHAT_API_BASE to the openid on the staff member's roster entry. All three or none; none:
   * push rules cannot choose WeChat.
   */
  CAMPUS_WECHAT_APP_ID: z.string().trim().min(1).optional(),
  CAMPUS_WECHAT_APP_SECRET: z.string().min(1).optional(),
  CAMPUS_WECHAT_TEMPLATE_ID: z.string().trim().min(1).optional(),
  /**
   * The official account's server token (decision 0156): the Token set in its server configuration
   * (plaintext mode), with which WeChat signs the events it pushes to
   * `/api/apis-psychology/wechatBind/events`. Needs the account above. Unset: staff cannot bind
   * their own WeChat by scanning a code; administrators still type openids on the roster.
   */
  CAMPUS_WECHAT_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9]{3,32}$/, 'WeChat server tokens are 3-32 letters and digits')
    .optional(),
  /** Verification codes by SMS: a webhook that gets `{ phone, purpose, code, lang }` as JSON. */
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Sent to the SMS webhook as `Authorization: Bearer <token>`. */
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  /** Verification codes by email: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().min(3).default('Meridian <no-reply@meridian.local>'),
  /** How long one SMS or mail delivery may take before it counts as failed. */
  CODE_SEND_TIMEOUT_MS: positiveInt.max(60_000).default(8000),
  /** Development only: with no SMS or mail channel, verification codes are written to the log. */
  CODE_LOG: flag.default(false),
  /** The Devices Map's tiles (`{z}/{x}/{y}`, `{s}` subdomains): a deployment without internet points at its own tile server. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/)
    .default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** The credit the tile provider asks for, shown in the map's corner (HTML as Leaflet takes it). */
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  /** The deepest zoom the tile server has tiles for. */
  MAP_MAX_ZOOM: positiveInt.max(22).default(19),
  /**
   * This gateway process's name, stable across its restarts, unique among the gateway processes
   * of one database: a restarted process takes the devices it held offline at once (decision
   * 0048). Default: the host name and the DTU port, which no two live processes share.
   */
  GATEWAY_ID: z
    .string()
    .regex(/^[\w.:@-]{1,100}$/)
    .optional(),
  /** Where DTUs connect over TCP and register (0: any free port, for tests). */
  DTU_PORT: port.default(15000),
  /**
   * `on` behind a load balancer that sends the PROXY protocol (nginx stream `proxy_protocol on`):
   * each DTU connection starts with its origin, which the registration log and throttle use
   * (decision 0107). Then only the load balancer may reach the DTU port.
   */
  DTU_PROXY_PROTOCOL: z.enum(['on', 'off']).default('off'),
  /**
   * Where the user's PC software connects to reach a DTU's serial device through a passthrough
   * strategy: it sends the strategy's token and a newline first (decision 0113; 0: any free port, for tests).
   */
  PASSTHROUGH_PORT: port.default(15001),
  /**
   * Several gateway processes (decision 0163): a PC client landing on a process that does not hold
   * its DTU is handed over a direct TCP hop to the one that does. Each gateway process listens for
   * those hops on this address (loopback or the private network, never the internet) and on
   * PASSTHROUGH_RELAY_PORT, and records it beside its lease. Unset secret: no hop, such a client is
   * refused as offline.
   */
  PASSTHROUGH_RELAY_SECRET: z.string().min(16).optional(),
  /** Where this gateway process takes hops from the others: the address they reach it at (decision 0163). */
  PASSTHROUGH_RELAY_HOST: z.string().min(1).default('127.0.0.1'),
  /** Its port for those hops (0: any free port; the chosen one is recorded beside the lease). */
  PASSTHROUGH_RELAY_PORT: port.default(0),
  /**
   * Where data push targets may send (spec section 5: "data push URL must start with {host}"): every
   * target's URL starts with it, e.g. `https://push.example.com/`. Unset: no target can be added,
   * existing ones keep sending (decision 0123).
   */
  DATA_PUSH_URL_PREFIX: z.url({ protocol: /^https?$/ }).optional(),
  /** How long one data push request may take before it counts as a failure. */
  DATA_PUSH_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  /** The embedded MQTT broker's port (0: any free port, for tests); ignored when MQTT_URL is set. */
  MQTT_PORT: port.default(1883),
  /** An external MQTT broker (Mosquitto, EMQX) instead of the embedded one: `mqtt://user:pass@host:1883`. */
  MQTT_URL: z.url({ protocol: /^mqtts?$/ }).optional(),
  /**
   * The administrator of that broker's dynamic security plugin (Mosquitto 2): set, a job keeps a
   * client and a role per MQTT device there, each on its own topics (decision 0106).
   */
  MQTT_ADMIN_URL: z.url({ protocol: /^mqtts?$/ }).optional(),
  /** A device that sends nothing for this long goes offline ("device reported data timeout"). */
  DEVICE_OFFLINE_AFTER_MINUTES: positiveInt.max(7 * 24 * 60).default(120),
  /**
   * How long the telemetry writer gathers readings before it writes them in one transaction
   * (decision 0168): values reach the database and live pages this much later, and a gateway
   * process of ten thousand DTUs makes a few transactions a second instead of one per poll.
   */
  TELEMETRY_FLUSH_MS: z.coerce.number().int().min(0).max(5000).default(200),
  /** How long historical data is kept before the nightly job removes it. */
  TELEMETRY_RETENTION_DAYS: positiveInt.max(3650).default(35),
  /** Where the SMS and voice providers' APIs live (Aliyun dysmsapi/dyvmsapi, Tencent Cloud sms/vms), for alarms and verification codes alike; point them elsewhere for a private gateway or a test. WeChat Push uses WECHAT_API_BASE. */
  ALIYUN_SMS_BASE: z.url({ protocol: /^https?$/ }).default('https://dysmsapi.aliyuncs.com'),
  ALIYUN_VOICE_BASE: z.url({ protocol: /^https?$/ }).default('https://dyvmsapi.aliyuncs.com'),
  TENCENT_SMS_BASE: z.url({ protocol: /^https?$/ }).default('https://sms.tencentcloudapi.com'),
  TENCENT_VOICE_BASE: z.url({ protocol: /^https?$/ }).default('https://vms.tencentcloudapi.com'),
  /**
   * WeChat Pay API v3 (Native) for Device Cloud orders (decision 0080). Unset WECHATPAY_MCH_ID: payment
   * is not configured and orders cannot be paid. Keys are PEM text (a literal \n stands for a line break).
   */
  WECHATPAY_MCH_ID: z.string().trim().min(1).optional(),
  WECHATPAY_APP_ID: z.string().trim().min(1).optional(),
  /** The serial number of the merchant API certificate, and its private key (PEM). */
  WECHATPAY_MERCHANT_SERIAL: z.string().trim().min(1).optional(),
  WECHATPAY_MERCHANT_PRIVATE_KEY: z.string().min(1).optional(),
  /** The WeChat Pay platform public key (PEM) that signs answers and notifications, and its id. */
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().trim().min(1).optional(),
  /** The 32-character APIv3 key that encrypts notifications (AEAD_AES_256_GCM). */
  WECHATPAY_API_V3_KEY: z.string().length(32).optional(),
  /** Where WeChat Pay sends payment notifications: this server's public address of /api/iot/billing/wechatpay/notify. */
  WECHATPAY_NOTIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  WECHATPAY_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.mch.weixin.qq.com'),
  /**
   * Alipay open API (precreate, QR code) for Device Cloud orders (decision 0115). Unset ALIPAY_APP_ID:
   * Alipay is not offered. The application private key signs requests (RSA2); Alipay's public key
   * verifies answers and notifications. PEM text, a literal \n standing for a line break.
   */
  ALIPAY_APP_ID: z.string().trim().min(1).optional(),
  ALIPAY_APP_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  /** Where Alipay posts payment notifications: this server's public address of /api/iot/billing/alipay/notify. */
  ALIPAY_NOTIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALIPAY_GATEWAY: z.url({ protocol: /^https?$/ }).default('https://openapi.alipay.com/gateway.do'),
  /** Bank transfer (decision 0115): the payee's bank, account name and number, shown to the payer. Unset: not offered. */
  BANK_TRANSFER_PAYEE: z.string().trim().min(1).max(300).optional(),
  /** How long one alarm notification (mail, SMS, call, WeChat, push) may take before it is retried. */
  NOTIFY_SEND_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  /** The API key of the OpenAI-compatible endpoint, when it is not stored (sealed) on the AI settings page. */
  AI_API_KEY: z.string().min(1).optional(),
  /** How long one call to the AI endpoint may take (decision 0090). */
  AI_TIMEOUT_MS: positiveInt.max(300_000).default(60_000),
  /** The secret province docking signs its requests with, when it is not stored (sealed) on the docking page. */
  PROVINCE_APP_SECRET: z.string().min(1).optional(),
  /** How long one batch sent to the province platform may take before it is retried (decision 0103). */
  PROVINCE_TIMEOUT_MS: positiveInt.max(120_000).default(15_000),
});

const hints: Record<string, string> = {
  DATABASE_URL: 'use postgres://user:password@host:5432/db, or sqlite:path/to/file.db',
  MERIDIAN_APPS: `a comma-separated list of ${APPS.join(', ')}`,
  MERIDIAN_SERVICES: `a comma-separated list of ${SERVICES.join(', ')}`,
  GATEWAY_ID: 'at most 100 letters, digits and . _ : @ -',
  PASSTHROUGH_RELAY_SECRET: 'at least 16 characters, the same in every gateway process',
};

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  version: string;
  databaseUrl: string;
  engine: 'sqlite' | 'postgres';
  logFormat: 'pretty' | 'json';
}

export class ConfigError extends Error {}

/** What each SMS provider cannot send without: refused at start rather than at the first code. */
const SMS_NEEDS: Record<NonNullable<Env['SMS_PROVIDER']>, Array<keyof Env>> = {
  aliyun: ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'],
  tencent: [
    'TENCENT_SMS_SECRET_ID',
    'TENCENT_SMS_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'SMS_SIGN_NAME',
    'SMS_TEMPLATE_CODE',
  ],
  webhook: ['SMS_WEBHOOK_URL'],
};

/** WeChat Pay cannot take an order without every one of these (decision 0080). */
/** Mind's campus alerts by WeChat need the official account and its template together. */
const CAMPUS_WECHAT_NEEDS: Array<keyof Env> = [
  'CAMPUS_WECHAT_APP_ID',
  'CAMPUS_WECHAT_APP_SECRET',
  'CAMPUS_WECHAT_TEMPLATE_ID',
];
const WECHATPAY_NEEDS: Array<keyof Env> = [
  'WECHATPAY_APP_ID',
  'WECHATPAY_MERCHANT_SERIAL',
  'WECHATPAY_MERCHANT_PRIVATE_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_NOTIFY_URL',
];

/** Alipay cannot take an order without every one of these (decision 0115). */
const ALIPAY_NEEDS: Array<keyof Env> = ['ALIPAY_APP_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_NOTIFY_URL'];

const missingForSms = (e: Env) => (e.SMS_PROVIDER ? SMS_NEEDS[e.SMS_PROVIDER].filter((name) => !e[name]) : []);

/** Reads and checks the environment; a bad variable throws one line that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    const hint = hints[name] ? ` (${hints[name]})` : '';
    throw new ConfigError(
      `Invalid environment variable ${name}=${JSON.stringify(env[name])}: ${localizeIssue(issue, 'en').msg}${hint}`,
    );
  }
  const e = parsed.data;
  const missing = missingForSms(e);
  if (missing.length > 0) {
    throw new ConfigError(`SMS_PROVIDER=${e.SMS_PROVIDER} needs ${missing.join(', ')} set as well`);
  }
  const alarmTemplate = e.ALARM_SMS_TEMPLATE_CODE
    ? 'ALARM_SMS_TEMPLATE_CODE'
    : e.ALARM_VOICE_TEMPLATE_CODE
      ? 'ALARM_VOICE_TEMPLATE_CODE'
      : null;
  if (alarmTemplate && e.SMS_PROVIDER !== 'aliyun' && e.SMS_PROVIDER !== 'tencent') {
    throw new ConfigError(`${alarmTemplate} needs SMS_PROVIDER=aliyun or tencent`);
  }
  if (e.CAMPUS_SMS_TEMPLATE_CODE && e.SMS_PROVIDER !== 'aliyun' && e.SMS_PROVIDER !== 'tencent') {
    throw new ConfigError('CAMPUS_SMS_TEMPLATE_CODE needs SMS_PROVIDER=aliyun or tencent');
  }
  const campusWechat = CAMPUS_WECHAT_NEEDS.filter((name) => e[name]);
  if (campusWechat.length > 0 && campusWechat.length < CAMPUS_WECHAT_NEEDS.length) {
    const missing = CAMPUS_WECHAT_NEEDS.filter((name) => !e[name]);
    throw new ConfigError(`${campusWechat.join(', ')} needs ${missing.join(', ')} set as well`);
  }
  if (e.CAMPUS_WECHAT_TOKEN && !e.CAMPUS_WECHAT_APP_ID) {
    throw new ConfigError(
      'CAMPUS_WECHAT_TOKEN needs CAMPUS_WECHAT_APP_ID, CAMPUS_WECHAT_APP_SECRET and CAMPUS_WECHAT_TEMPLATE_ID',
    );
  }
  const missingPay = e.WECHATPAY_MCH_ID ? WECHATPAY_NEEDS.filter((name) => !e[name]) : [];
  if (missingPay.length > 0) throw new ConfigError(`WECHATPAY_MCH_ID needs ${missingPay.join(', ')} set as well`);
  const missingAlipay = e.ALIPAY_APP_ID ? ALIPAY_NEEDS.filter((name) => !e[name]) : [];
  if (missingAlipay.length > 0) throw new ConfigError(`ALIPAY_APP_ID needs ${missingAlipay.join(', ')} set as well`);
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${path.join(e.DATA_DIR, 'meridian.db')}`;
  return {
    ...e,
    version,
    databaseUrl,
    engine: databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite',
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
  };
}

/** `--services=api,jobs` on the command line wins over MERIDIAN_SERVICES. */
export function servicesFromArgs(args: readonly string[], fallback: readonly Service[]): Service[] {
  const arg = args.find((a) => a.startsWith('--services='));
  if (!arg) return [...fallback];
  const parsed = listOf(SERVICES).safeParse(arg.slice('--services='.length));
  if (!parsed.success)
    throw new ConfigError(`Invalid --services: use a comma-separated list of ${SERVICES.join(', ')}`);
  return parsed.data;
}

export const paths = { repoRoot };

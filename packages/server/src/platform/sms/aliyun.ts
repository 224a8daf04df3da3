import { createHmac, randomUUID } from 'node:crypto';
import { call, jsonOf, type RefusalKind, SendError, type SmsSender } from './send.ts';

/** Aliyun's RFC 3986 percent-encoding of the RPC signature (`*` and the other marks encoded too). */
export function aliyunEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The string an RPC request signs (signature version 1.0): the method, `/` and the sorted, encoded query. */
export function aliyunStringToSign(method: string, params: Record<string, string>): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k] ?? '')}`)
    .join('&');
  return `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
}

/** The RPC signature (version 1.0, HMAC-SHA1) over the sorted query of a GET request. */
export function aliyunSignature(params: Record<string, string>, secret: string): string {
  return createHmac('sha1', `${secret}&`).update(aliyunStringToSign('GET', params)).digest('base64');
}

/** Codes that retrying cannot fix: a bad number, sign, template or key. Throttling and system errors are retried. */
const PERMANENT =
  /^(isv\.(MOBILE_NUMBER_ILLEGAL|SMS_SIGNATURE_ILLEGAL|SMS_TEMPLATE_ILLEGAL|TEMPLATE_MISSING_PARAMETERS|INVALID_PARAMETERS|ACCOUNT_NOT_EXISTS|ACCOUNT_ABNORMAL|DENY_IP_RANGE|AMOUNT_NOT_ENOUGH|PARAM_LENGTH_LIMIT)|InvalidAccessKeyId\.|SignatureDoesNotMatch|Forbidden)/;

/**
 * What a refusal means for the person waiting: the provider's flow control per number (by
 * default one a minute, five an hour, ten a day for a verification template), a number it
 * cannot reach, or the account's keys, signature, sign name, template or balance.
 */
function aliyunKind(code: string): RefusalKind {
  if (/^(isv\.(BUSINESS_LIMIT_CONTROL|DAY_LIMIT_CONTROL)|Throttling)/.test(code)) return 'throttled';
  if (/^isv\.(MOBILE_NUMBER_ILLEGAL|MOBILE_COUNT_OVER_LIMIT)/.test(code)) return 'recipient';
  if (PERMANENT.test(code) || /^(IncompleteSignature|InvalidTimeStamp|SignatureNonceUsed|isv\.)/.test(code))
    return 'setup';
  return 'unavailable';
}

interface AliyunAnswer {
  Code?: string;
  Message?: string;
  BizId?: string;
  CallId?: string;
}

/** Where the Aliyun API is and the account's AccessKey pair. */
export interface AliyunOptions {
  base: string;
  accessKeyId: string;
  accessKeySecret: string;
  timeoutMs: number;
}

async function rpc(options: AliyunOptions, action: string, version: string, params: Record<string, string>) {
  const all: Record<string, string> = {
    ...params,
    AccessKeyId: options.accessKeyId,
    Action: action,
    Format: 'JSON',
    RegionId: 'cn-hangzhou',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: version,
  };
  all.Signature = aliyunSignature(all, options.accessKeySecret);
  const query = Object.entries(all)
    .map(([k, v]) => `${aliyunEncode(k)}=${aliyunEncode(v)}`)
    .join('&');
  const response = await call(
    'aliyun',
    `${options.base.replace(/\/$/, '')}/?${query}`,
    { method: 'GET' },
    options.timeoutMs,
  );
  const answer = await jsonOf<AliyunAnswer>('aliyun', response);
  if (answer.Code === 'OK') return answer;
  const code = answer.Code ?? `HTTP ${response.status}`;
  throw new SendError(`aliyun ${action} ${code}: ${answer.Message ?? ''}`.trim(), {
    permanent: PERMANENT.test(code),
    kind: aliyunKind(code),
  });
}

/** Aliyun SMS (dysmsapi SendSms): the template gets the message's parameters, by name, as TemplateParam. */
export function aliyunSmsSender(options: AliyunOptions & { signName: string; templateCode: string }): SmsSender {
  return {
    provider: 'aliyun',
    async send(message) {
      const answer = await rpc(options, 'SendSms', '2017-05-25', {
        PhoneNumbers: message.target,
        SignName: options.signName,
        TemplateCode: options.templateCode,
        TemplateParam: JSON.stringify(message.params),
        OutId: message.key.slice(0, 64),
      });
      return { ref: answer.BizId ?? null };
    },
  };
}

/** Aliyun voice (dyvmsapi SingleCallByTts): a text-to-speech call reading the same parameters. */
export function aliyunVoiceSender(
  options: AliyunOptions & { ttsCode: string; calledShowNumber: string | null },
): SmsSender {
  return {
    provider: 'aliyun',
    async send(message) {
      const params: Record<string, string> = {
        CalledNumber: message.target,
        TtsCode: options.ttsCode,
        TtsParam: JSON.stringify(message.params),
        OutId: message.key.slice(0, 64),
      };
      if (options.calledShowNumber) params.CalledShowNumber = options.calledShowNumber;
      const answer = await rpc(options, 'SingleCallByTts', '2017-05-25', params);
      return { ref: answer.CallId ?? null };
    },
  };
}

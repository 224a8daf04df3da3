import { createHash, createHmac } from 'node:crypto';
import { call, jsonOf, type RefusalKind, SendError, type SmsMessage, type SmsSender } from './send.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * The TC3-HMAC-SHA256 `Authorization` of a JSON POST to `service` at `timestamp` (seconds), signing
 * `headers` (by name; content-type and host at least, as the provider requires).
 */
export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  service: string;
  headers: Record<string, string>;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonical = [
    'POST',
    '/',
    '',
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    sha256(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Codes that retrying cannot fix; LimitExceeded, InternalError and the like are retried. */
const PERMANENT =
  /^(AuthFailure|InvalidParameter|FailedOperation\.(SignatureIncorrectOrUnapproved|TemplateIncorrectOrUnapproved|PhoneNumberInBlacklist|InsufficientBalanceInSmsPackage|ContainSensitiveWord)|UnauthorizedOperation|UnsupportedOperation)/;

/** What a refusal means for the person waiting (see RefusalKind). */
function tencentKind(code: string): RefusalKind {
  if (/^(LimitExceeded|RequestLimitExceeded)/.test(code)) return 'throttled';
  if (/(IncorrectPhoneNumber|PhoneNumberInBlacklist|PhoneNumberParseFail)/.test(code)) return 'recipient';
  if (PERMANENT.test(code)) return 'setup';
  return 'unavailable';
}

interface TencentAnswer<T> {
  Response?: T & { Error?: { Code: string; Message: string }; RequestId?: string };
}

/** Where the Tencent Cloud API is, the account's SecretId/SecretKey and the region. */
export interface TencentOptions {
  base: string;
  secretId: string;
  secretKey: string;
  region: string;
  timeoutMs: number;
}

async function tc3Call<T>(
  options: TencentOptions,
  service: string,
  action: string,
  version: string,
  body: unknown,
): Promise<T> {
  const url = new URL(options.base);
  const payload = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  // The action is signed as well, as in Tencent's current example, so that the signature covers which call this is.
  const signed = { 'content-type': 'application/json; charset=utf-8', host: url.host, 'x-tc-action': action };
  const { secretId, secretKey } = options;
  const response = await call(
    'tencent',
    url.toString(),
    {
      method: 'POST',
      headers: {
        'content-type': signed['content-type'],
        'x-tc-action': action,
        'x-tc-version': version,
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': options.region,
        authorization: tc3Authorization({ secretId, secretKey, service, headers: signed, payload, timestamp }),
      },
      body: payload,
    },
    options.timeoutMs,
  );
  const answer = await jsonOf<TencentAnswer<T>>('tencent', response);
  const error = answer.Response?.Error;
  if (error)
    throw new SendError(`tencent ${action} ${error.Code}: ${error.Message}`, {
      permanent: PERMANENT.test(error.Code),
      kind: tencentKind(error.Code),
    });
  if (!answer.Response) throw new SendError(`tencent ${action} answered ${response.status} without a Response`);
  return answer.Response;
}

/** Mainland numbers go in E.164. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+86${phone}`);
/** Tencent templates number their parameters {1}, {2}...: the message's parameters in `order`. */
const paramSet = (message: SmsMessage, order: readonly string[]) => order.map((name) => message.params[name] ?? '');

/** The template and which of the message's parameters fill its {1}, {2}... */
interface TencentTemplate {
  sdkAppId: string;
  templateId: string;
  paramOrder: readonly string[];
}

/** Tencent Cloud SMS (sms SendSms 2021-01-11). The answer is per number: its Code must be "Ok". */
export function tencentSmsSender(options: TencentOptions & TencentTemplate & { signName: string }): SmsSender {
  return {
    provider: 'tencent',
    async send(message) {
      const answer = await tc3Call<{ SendStatusSet?: Array<{ Code: string; Message: string; SerialNo?: string }> }>(
        options,
        'sms',
        'SendSms',
        '2021-01-11',
        {
          PhoneNumberSet: [e164(message.target)],
          SmsSdkAppId: options.sdkAppId,
          SignName: options.signName,
          TemplateId: options.templateId,
          TemplateParamSet: paramSet(message, options.paramOrder),
          SessionContext: message.key,
        },
      );
      const status = answer.SendStatusSet?.[0];
      if (!status) throw new SendError('tencent SendSms answered without a send status');
      if (status.Code !== 'Ok') {
        throw new SendError(`tencent SendSms ${status.Code}: ${status.Message}`, {
          permanent: PERMANENT.test(status.Code),
          kind: tencentKind(status.Code),
        });
      }
      return { ref: status.SerialNo ?? null };
    },
  };
}

/** Tencent Cloud voice messages (vms SendTtsVoice 2020-09-02): a call reading the template. */
export function tencentVoiceSender(options: TencentOptions & TencentTemplate): SmsSender {
  return {
    provider: 'tencent',
    async send(message) {
      const answer = await tc3Call<{ SendStatus?: { CallId?: string } }>(options, 'vms', 'SendTtsVoice', '2020-09-02', {
        TemplateId: options.templateId,
        TemplateParamSet: paramSet(message, options.paramOrder),
        CalledNumber: e164(message.target),
        VoiceSdkAppid: options.sdkAppId,
        PlayTimes: 2,
        SessionContext: message.key,
      });
      return { ref: answer.SendStatus?.CallId ?? null };
    },
  };
}

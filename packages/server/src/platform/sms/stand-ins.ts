import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyAliyunRpc, verifyTc3 } from './stand-in-signatures.ts';

/**
 * Local stand-ins that speak the SMS and voice providers' HTTP protocols (Aliyun RPC, Tencent
 * Cloud TC3), for tests and for trying the flows on a laptop. Each checks the caller's signature
 * as the real service does (with its own code, never the product's: see `stand-in-signatures.ts`),
 * records what reached it, and answers what the test sets in `next`: an answer, or 'hang' to
 * never answer (a timeout). All listen on 127.0.0.1, port 0.
 */

export interface Received {
  method: string;
  /** The path and query exactly as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}
export type Answer = { status?: number; body: unknown; headers?: Record<string, string> } | 'hang';
export type Handler = (r: Received) => Answer;

/** A JSON HTTP server on 127.0.0.1, port 0, that records each request and answers what `handler` says. */
export async function serve(handler: Handler) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const r = {
        method: req.method ?? '',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(r);
      const answer = handler(r);
      if (answer === 'hang') return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An SMS the stand-in accepted: to whom, and the template's parameters. */
export interface DeliveredSms {
  phone: string;
  signName: string;
  template: string;
  params: Record<string, string> | string[];
}

/** The newest SMS accepted for `phone`, or an error saying none reached it. */
function newestTo(delivered: DeliveredSms[], phone: string): DeliveredSms {
  const sms = delivered.findLast((d) => d.phone === phone || d.phone === `+86${phone}`);
  if (!sms) throw new Error(`no SMS reached ${phone}`);
  return sms;
}

/**
 * Aliyun dysmsapi / dyvmsapi holding `keys` (AccessKeyId to secret): checks the RPC signature and
 * refuses as Aliyun does, answers `Code: OK` with a BizId or CallId unless told otherwise.
 * `delivered` lists the SendSms calls it accepted.
 */
export async function startAliyun(keys: Record<string, string>) {
  const state: { next: Answer[] } = { next: [] };
  const known = new Map(Object.entries(keys));
  const nonces = new Set<string>();
  const delivered: DeliveredSms[] = [];
  const server = await serve((r) => {
    const refused = verifyAliyunRpc(r, known, nonces);
    if (refused)
      return { status: refused.status, body: { Code: refused.code, Message: refused.message, RequestId: 'r' } };
    const answer = state.next.shift() ?? {
      body: { Code: 'OK', Message: 'OK', BizId: `biz-${r.query.get('OutId')}`, CallId: 'call-1', RequestId: 'r' },
    };
    const accepted = answer !== 'hang' && (answer.body as { Code?: string }).Code === 'OK';
    if (accepted && r.query.get('Action') === 'SendSms') {
      delivered.push({
        phone: r.query.get('PhoneNumbers') ?? '',
        signName: r.query.get('SignName') ?? '',
        template: r.query.get('TemplateCode') ?? '',
        params: JSON.parse(r.query.get('TemplateParam') ?? '{}') as Record<string, string>,
      });
    }
    return answer;
  });
  return {
    ...server,
    state,
    delivered,
    /** The `code` parameter of the newest SMS accepted for `phone` (a verification code's template). */
    codeFor: (phone: string) => String((newestTo(delivered, phone).params as Record<string, string>).code),
  };
}

/**
 * Tencent Cloud sms / vms holding `keys` (SecretId to SecretKey): checks the TC3-HMAC-SHA256
 * signature and refuses as Tencent does, answers a send status "Ok" unless told otherwise.
 * `delivered` lists the SendSms calls it accepted.
 */
export async function startTencent(keys: Record<string, string>) {
  const state: { next: Answer[] } = { next: [] };
  const known = new Map(Object.entries(keys));
  const delivered: DeliveredSms[] = [];
  const server = await serve((r) => {
    // One stand-in plays both products; each call is signed for the product that serves its action.
    const service = r.headers['x-tc-action'] === 'SendTtsVoice' ? 'vms' : 'sms';
    const refused = verifyTc3(r, known, service);
    if (refused) {
      return { body: { Response: { Error: { Code: refused.code, Message: refused.message }, RequestId: 'r' } } };
    }
    const answer = state.next.shift();
    if (answer) return answer;
    const body = JSON.parse(r.body) as {
      SessionContext: string;
      PhoneNumberSet?: string[];
      SignName?: string;
      TemplateId?: string;
      TemplateParamSet?: string[];
    };
    if (r.headers['x-tc-action'] === 'SendSms') {
      for (const phone of body.PhoneNumberSet ?? []) {
        delivered.push({
          phone,
          signName: body.SignName ?? '',
          template: body.TemplateId ?? '',
          params: body.TemplateParamSet ?? [],
        });
      }
    }
    return {
      body: {
        Response: {
          SendStatusSet: [
            { SerialNo: 'serial-1', Code: 'Ok', Message: 'send success', SessionContext: body.SessionContext },
          ],
          SendStatus: { CallId: 'call-1', SessionContext: body.SessionContext },
          RequestId: 'r',
        },
      },
    };
  });
  return {
    ...server,
    state,
    delivered,
    /** The first parameter ({1}) of the newest SMS accepted for `phone` (a verification code's template). */
    codeFor: (phone: string) => String((newestTo(delivered, phone).params as string[])[0]),
  };
}

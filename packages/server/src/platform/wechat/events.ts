import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Messages and events WeChat pushes to an official account's server (plaintext mode): the
 * signature WeChat puts in the query (`signature` = sha1 of token, timestamp and nonce sorted and
 * joined), the flat XML it posts, and the passive text reply it shows the follower (decision 0156).
 */

/** sha1 of the token, timestamp and nonce, sorted as strings and joined, in hex: WeChat's `signature`. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

/** True when `signature` is the one WeChat would compute with the account's server token. */
export function wechatSigned(
  token: string,
  query: { signature?: string; timestamp?: string; nonce?: string },
): boolean {
  if (!query.signature || !query.timestamp || !query.nonce) return false;
  const expected = Buffer.from(wechatSignature(token, query.timestamp, query.nonce));
  const given = Buffer.from(query.signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const ELEMENT = /<([A-Za-z]+)>\s*(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))\s*<\/\1>/g;

/**
 * The fields of WeChat's flat `<xml>` message (ToUserName, FromUserName, CreateTime, MsgType,
 * Event, EventKey, Ticket...), CDATA or plain; null when the body is not such a message.
 */
export function readWechatXml(body: string): Record<string, string> | null {
  const trimmed = body.trim();
  if (!trimmed.startsWith('<xml>') || !trimmed.endsWith('</xml>')) return null;
  const inner = trimmed.slice('<xml>'.length, -'</xml>'.length);
  const fields: Record<string, string> = {};
  for (const m of inner.matchAll(ELEMENT)) {
    const name = m[1] ?? '';
    fields[name] = m[2] ?? unescapeXml(m[3] ?? '');
  }
  return fields;
}

function unescapeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** A passive text reply to the follower who sent `to` the message: WeChat shows `content` in the chat. */
export function wechatTextReply(message: Record<string, string>, content: string, at: number): string {
  return [
    '<xml>',
    `<ToUserName>${cdata(message.FromUserName ?? '')}</ToUserName>`,
    `<FromUserName>${cdata(message.ToUserName ?? '')}</FromUserName>`,
    `<CreateTime>${Math.floor(at / 1000)}</CreateTime>`,
    `<MsgType>${cdata('text')}</MsgType>`,
    `<Content>${cdata(content)}</Content>`,
    '</xml>',
  ].join('');
}

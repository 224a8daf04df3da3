import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Local stand-ins for the outside world that codes travel through, for tests and for trying the
 * flows on a laptop: an SMS webhook and an SMTP server. Both listen on 127.0.0.1, port 0.
 */

export interface ReceivedSms {
  authorization: string | undefined;
  body: { phone: string; purpose: string; code: string; lang: string };
}

/** An SMS webhook that answers `status` (200 by default), or never answers when `hang` is set. */
export async function startSmsWebhook(options: { status?: number; hang?: boolean } = {}) {
  const received: ReceivedSms[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString()) as ReceivedSms['body'],
      });
      if (options.hang) return;
      res.writeHead(options.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: (options.status ?? 200) < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    /** The newest code sent to a phone. */
    codeFor(phone: string): string {
      const sms = received.findLast((r) => r.body.phone === phone);
      if (!sms) throw new Error(`no SMS reached ${phone}`);
      return sms.body.code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ReceivedMail {
  user: string | undefined;
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** Decodes RFC 2047 words (`=?UTF-8?B?...?=`) in a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_all, kind: string, data: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString() : decodeQuoted(data.replace(/_/g, ' ')),
  );
}

function decodeQuoted(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  return decodeURIComponent(bytes);
}

/** The subject and the text of a single-part message as nodemailer writes it. */
export function parseMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString()
      : encoding === 'quoted-printable'
        ? decodeQuoted(body)
        : body;
  return { subject: decodeWords(header('Subject')), text: text.trim() };
}

/** An SMTP server that takes mail only from `user`/`pass` (plain AUTH, no TLS) and keeps it. */
export async function startSmtpServer(auth: { user: string; pass: string }) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(login, _session, done) {
      if (login.username === auth.user && login.password === auth.pass) done(null, { user: login.username });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          user: typeof session.user === 'string' ? session.user : undefined,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMail(Buffer.concat(chunks).toString()),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@127.0.0.1:${port}`,
    mails,
    /** The newest code mailed to an address. */
    codeFor(address: string): string {
      const mail = mails.findLast((m) => m.to.includes(address));
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code mailed to ${address}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';

/**
 * An ONVIF camera as the simulator plays it (decision 0160): answers WS-Discovery probes for
 * network video transmitters on a UDP port, and the device and media services over HTTP with the
 * WS-Security password digest checked, its `Created` within five minutes of the camera's clock (as
 * cameras do). Its profiles point at `rtspUrl`, which a test serves with ffmpeg.
 */
export interface OnvifCameraOptions {
  username: string;
  password: string;
  /** What GetStreamUri answers for each profile (main stream, sub stream). */
  rtspUrl: string;
  name?: string;
  hardware?: string;
  /** The camera's clock runs this far ahead of ours, as a camera never set. */
  clockSkewMs?: number;
  /** The UDP port it answers probes on: 3702 on a LAN; 0 (any) in tests. */
  discoveryPort?: number;
}

export interface RunningOnvifCamera {
  /** Its device service, as its probe answer gives it. */
  xaddr: string;
  /** Where a probe reaches it. */
  discovery: { host: string; port: number };
  endpoint: string;
  /** Requests refused for their credentials. */
  refused: number;
  close(): Promise<void>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
});
type Node = Record<string, unknown>;
const child = (node: unknown, ...path: string[]): unknown => {
  let at = node;
  for (const key of path) at = at && typeof at === 'object' ? (at as Node)[key] : undefined;
  return at;
};
const text = (node: unknown): string =>
  typeof node === 'string'
    ? node.trim()
    : typeof child(node, '#text') === 'string'
      ? String(child(node, '#text')).trim()
      : '';

const SOAP = 'http://www.w3.org/2003/05/soap-envelope';
const answer = (body: string, header = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP}" xmlns:tds="http://www.onvif.org/ver10/device/wsdl" xmlns:trt="http://www.onvif.org/ver10/media/wsdl" xmlns:tt="http://www.onvif.org/ver10/schema" xmlns:ter="http://www.onvif.org/ver10/error"><SOAP-ENV:Header>${header}</SOAP-ENV:Header><SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
const notAuthorized = answer(
  '<SOAP-ENV:Fault><SOAP-ENV:Code><SOAP-ENV:Value>SOAP-ENV:Sender</SOAP-ENV:Value><SOAP-ENV:Subcode><SOAP-ENV:Value>ter:NotAuthorized</SOAP-ENV:Value></SOAP-ENV:Subcode></SOAP-ENV:Code><SOAP-ENV:Reason><SOAP-ENV:Text xml:lang="en">Sender not Authorized</SOAP-ENV:Text></SOAP-ENV:Reason></SOAP-ENV:Fault>',
);

const profiles = [
  { token: 'Profile_1', name: 'mainStream', width: 1280, height: 720 },
  { token: 'Profile_2', name: 'subStream', width: 640, height: 360 },
];

export async function startOnvifCamera(options: OnvifCameraOptions): Promise<RunningOnvifCamera> {
  const endpoint = `urn:uuid:${randomUUID()}`;
  const skew = options.clockSkewMs ?? 0;
  let refused = 0;
  const now = () => Date.now() + skew;

  /** The UsernameToken is the camera's user and its digest matches, made within five minutes of its clock. */
  const authorized = (header: unknown): boolean => {
    const token = child(header, 'Security', 'UsernameToken');
    const nonce = Buffer.from(text(child(token, 'Nonce')), 'base64');
    const created = text(child(token, 'Created'));
    const given = Buffer.from(text(child(token, 'Password')), 'base64');
    const expected = createHash('sha1')
      .update(Buffer.concat([nonce, Buffer.from(created), Buffer.from(options.password)]))
      .digest();
    const fresh = Math.abs(Date.parse(created) - now()) <= 5 * 60_000;
    return (
      text(child(token, 'Username')) === options.username &&
      fresh &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    );
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const send = (status: number, xml: string) =>
        response.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(xml);
      let doc: unknown;
      try {
        doc = parser.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        send(400, notAuthorized);
        return;
      }
      const body = child(doc, 'Envelope', 'Body') as Node | undefined;
      const operation = body ? Object.keys(body)[0] : undefined;
      if (operation === 'GetSystemDateAndTime') {
        const d = new Date(now());
        send(
          200,
          answer(
            `<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>Manual</tt:DateTimeType><tt:DaylightSavings>false</tt:DaylightSavings><tt:UTCDateTime><tt:Time><tt:Hour>${d.getUTCHours()}</tt:Hour><tt:Minute>${d.getUTCMinutes()}</tt:Minute><tt:Second>${d.getUTCSeconds()}</tt:Second></tt:Time><tt:Date><tt:Year>${d.getUTCFullYear()}</tt:Year><tt:Month>${d.getUTCMonth() + 1}</tt:Month><tt:Day>${d.getUTCDate()}</tt:Day></tt:Date></tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>`,
          ),
        );
        return;
      }
      if (!authorized(child(doc, 'Envelope', 'Header'))) {
        refused++;
        send(400, notAuthorized);
        return;
      }
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (operation === 'GetCapabilities') {
        send(
          200,
          answer(
            `<tds:GetCapabilitiesResponse><tds:Capabilities><tt:Device><tt:XAddr>${base}/onvif/device_service</tt:XAddr></tt:Device><tt:Media><tt:XAddr>${base}/onvif/media_service</tt:XAddr></tt:Media></tds:Capabilities></tds:GetCapabilitiesResponse>`,
          ),
        );
      } else if (operation === 'GetProfiles' && request.url === '/onvif/media_service') {
        const list = profiles
          .map(
            (p) =>
              `<trt:Profiles token="${p.token}" fixed="true"><tt:Name>${p.name}</tt:Name><tt:VideoEncoderConfiguration token="V_${p.token}"><tt:Name>${p.name}</tt:Name><tt:Encoding>H264</tt:Encoding><tt:Resolution><tt:Width>${p.width}</tt:Width><tt:Height>${p.height}</tt:Height></tt:Resolution></tt:VideoEncoderConfiguration></trt:Profiles>`,
          )
          .join('');
        send(200, answer(`<trt:GetProfilesResponse>${list}</trt:GetProfilesResponse>`));
      } else if (operation === 'GetStreamUri' && request.url === '/onvif/media_service') {
        const token = text(child(body, 'GetStreamUri', 'ProfileToken'));
        const index = profiles.findIndex((p) => p.token === token);
        if (index < 0) {
          send(
            400,
            answer(
              '<SOAP-ENV:Fault><SOAP-ENV:Reason><SOAP-ENV:Text>No such profile</SOAP-ENV:Text></SOAP-ENV:Reason></SOAP-ENV:Fault>',
            ),
          );
          return;
        }
        const uri =
          index === 0 ? options.rtspUrl : `${options.rtspUrl}${options.rtspUrl.includes('?') ? '&' : '?'}sub=1`;
        send(
          200,
          answer(
            `<trt:GetStreamUriResponse><trt:MediaUri><tt:Uri>${uri.replace(/&/g, '&amp;')}</tt:Uri><tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot><tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetStreamUriResponse>`,
          ),
        );
      } else {
        send(
          400,
          answer(
            '<SOAP-ENV:Fault><SOAP-ENV:Reason><SOAP-ENV:Text>Action not supported</SOAP-ENV:Text></SOAP-ENV:Reason></SOAP-ENV:Fault>',
          ),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const xaddr = `http://127.0.0.1:${port}/onvif/device_service`;

  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  socket.on('message', (packet, from) => {
    let doc: unknown;
    try {
      doc = parser.parse(packet.toString('utf8'));
    } catch {
      return;
    }
    const messageId = text(child(doc, 'Envelope', 'Header', 'MessageID'));
    const types = text(child(doc, 'Envelope', 'Body', 'Probe', 'Types'));
    if (!messageId || (types && !/NetworkVideoTransmitter/.test(types))) return;
    const scopes = [
      `onvif://www.onvif.org/name/${encodeURIComponent(options.name ?? 'IPC')}`,
      `onvif://www.onvif.org/hardware/${encodeURIComponent(options.hardware ?? 'DS-2CD2T47')}`,
      'onvif://www.onvif.org/type/video_encoder',
      'onvif://www.onvif.org/Profile/Streaming',
    ].join(' ');
    const match = `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP}" xmlns:wsa="http://schemas.xmlsoap.org/ws/2004/08/addressing" xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery" xmlns:dn="http://www.onvif.org/ver10/network/wsdl"><SOAP-ENV:Header><wsa:MessageID>urn:uuid:${randomUUID()}</wsa:MessageID><wsa:RelatesTo>${messageId}</wsa:RelatesTo><wsa:To SOAP-ENV:mustUnderstand="true">http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous</wsa:To><wsa:Action SOAP-ENV:mustUnderstand="true">http://schemas.xmlsoap.org/ws/2005/04/discovery/ProbeMatches</wsa:Action></SOAP-ENV:Header><SOAP-ENV:Body><d:ProbeMatches><d:ProbeMatch><wsa:EndpointReference><wsa:Address>${endpoint}</wsa:Address></wsa:EndpointReference><d:Types>dn:NetworkVideoTransmitter</d:Types><d:Scopes>${scopes}</d:Scopes><d:XAddrs>${xaddr}</d:XAddrs><d:MetadataVersion>1</d:MetadataVersion></d:ProbeMatch></d:ProbeMatches></SOAP-ENV:Body></SOAP-ENV:Envelope>`;
    socket.send(match, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(options.discoveryPort ?? 0, '127.0.0.1', resolve));

  return {
    xaddr,
    endpoint,
    discovery: { host: '127.0.0.1', port: (socket.address() as AddressInfo).port },
    get refused() {
      return refused;
    },
    close: async () => {
      socket.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

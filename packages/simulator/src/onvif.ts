import { createHash, randomBytes, randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import { XMLParser } from 'fast-xml-parser';

/**
 * The ONVIF side of an edge gateway (decision 0160): what a gateway on a site's LAN does when the
 * cloud asks it to look for cameras (`discover`) or for a camera's streams (`onvif`). WS-Discovery
 * (SOAP over UDP, multicast 239.255.255.250:3702) finds the cameras; the device and media services
 * (SOAP 1.2 over HTTP, WS-Security UsernameToken with a password digest) give their profiles and
 * RTSP addresses. Both follow the ONVIF Core and Media specifications; a camera's answers are read
 * without their namespace prefixes, since cameras choose their own.
 */

export const DISCOVERY_ADDRESS = '239.255.255.250';
export const DISCOVERY_PORT = 3702;

/** A camera that answered the probe. */
export interface FoundCamera {
  /** Its endpoint reference (`urn:uuid:…`): the same camera across probes. */
  endpoint: string;
  /** Its device service addresses (`http://192.168.1.64/onvif/device_service`). */
  xaddrs: string[];
  /** From its `onvif://www.onvif.org/name/…` scope, when it has one. */
  name: string | null;
  /** From its `onvif://www.onvif.org/hardware/…` scope. */
  hardware: string | null;
}

/** A media profile of a camera, with the RTSP address of its stream. */
export interface CameraProfile {
  token: string;
  name: string;
  width: number | null;
  height: number | null;
  encoding: string | null;
  uri: string;
}

/** Why a camera could not be asked, as a code the cloud turns into words. */
export type OnvifFailure = 'notAuthorized' | 'unreachable' | 'noProfile' | 'badAnswer';

export class OnvifError extends Error {
  readonly code: OnvifFailure;
  constructor(code: OnvifFailure, detail: string) {
    super(detail);
    this.code = code;
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['ProbeMatch', 'Profiles', 'XAddrs'].includes(name),
});

type Node = Record<string, unknown>;
const child = (node: unknown, ...path: string[]): unknown => {
  let at = node;
  for (const key of path) at = at && typeof at === 'object' ? (at as Node)[key] : undefined;
  return at;
};
/** An element's text, whether the parser made it a string or an object with attributes. */
const text = (node: unknown): string | null => {
  if (typeof node === 'string') return node.trim();
  if (node && typeof node === 'object' && typeof (node as Node)['#text'] === 'string') {
    return ((node as Node)['#text'] as string).trim();
  }
  return null;
};

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** The WS-Discovery probe for network video transmitters, with its message id. */
export function probeMessage(messageId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://schemas.xmlsoap.org/ws/2004/08/addressing" xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery" xmlns:dn="http://www.onvif.org/ver10/network/wsdl">
<s:Header><a:MessageID>${messageId}</a:MessageID><a:To s:mustUnderstand="1">urn:schemas-xmlsoap-org:ws:2005:04:discovery</a:To><a:Action s:mustUnderstand="1">http://schemas.xmlsoap.org/ws/2005/04/discovery/Probe</a:Action></s:Header>
<s:Body><d:Probe><d:Types>dn:NetworkVideoTransmitter</d:Types></d:Probe></s:Body>
</s:Envelope>`;
}

/** The cameras a ProbeMatches answers, when it relates to `messageId`; none for anything else. */
export function readProbeMatches(xml: string, messageId: string): FoundCamera[] {
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    return [];
  }
  const envelope = child(doc, 'Envelope');
  if (text(child(envelope, 'Header', 'RelatesTo')) !== messageId) return [];
  const matches = child(envelope, 'Body', 'ProbeMatches', 'ProbeMatch');
  if (!Array.isArray(matches)) return [];
  const found: FoundCamera[] = [];
  for (const match of matches) {
    const endpoint = text(child(match, 'EndpointReference', 'Address'));
    const xaddrs = ((child(match, 'XAddrs') as unknown[] | undefined) ?? [])
      .flatMap((x) => (text(x) ?? '').split(/\s+/))
      .filter((x) => /^https?:\/\//i.test(x));
    if (!endpoint || xaddrs.length === 0) continue;
    const scopes = (text(child(match, 'Scopes')) ?? '').split(/\s+/);
    const scope = (kind: string) => {
      const prefix = `onvif://www.onvif.org/${kind}/`;
      const value = scopes.find((s) => s.startsWith(prefix))?.slice(prefix.length);
      return value ? decodeURIComponent(value).slice(0, 100) : null;
    };
    found.push({ endpoint, xaddrs, name: scope('name'), hardware: scope('hardware') });
  }
  return found;
}

export interface ProbeOptions {
  /** How long answers are collected. */
  waitMs?: number;
  /** Where the probe goes: the multicast group by default; tests and routed sites name addresses. */
  targets?: ReadonlyArray<{ host: string; port: number }>;
}

/**
 * Sends one probe and collects the cameras that answer within `waitMs`, each once (by endpoint).
 * Answers come back to the probe's own socket (WS-Discovery's unicast ProbeMatches).
 */
export async function probeCameras(options: ProbeOptions = {}): Promise<FoundCamera[]> {
  const messageId = `urn:uuid:${randomUUID()}`;
  const message = Buffer.from(probeMessage(messageId));
  const targets = options.targets ?? [{ host: DISCOVERY_ADDRESS, port: DISCOVERY_PORT }];
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  const found = new Map<string, FoundCamera>();
  socket.on('message', (packet) => {
    for (const camera of readProbeMatches(packet.toString('utf8'), messageId)) {
      if (!found.has(camera.endpoint)) found.set(camera.endpoint, camera);
    }
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, () => resolve());
    });
    for (const target of targets) {
      await new Promise<void>((resolve, reject) =>
        socket.send(message, target.port, target.host, (error) => (error ? reject(error) : resolve())),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.waitMs ?? 3000));
  } finally {
    socket.close();
  }
  return [...found.values()];
}

/** The WS-Security header of ONVIF Core 5.12: UsernameToken with PasswordDigest = Base64(SHA1(nonce + created + password)). */
export function securityHeader(username: string, password: string, now = new Date(), nonce = randomBytes(16)): string {
  const created = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const digest = createHash('sha1')
    .update(Buffer.concat([nonce, Buffer.from(created, 'utf8'), Buffer.from(password, 'utf8')]))
    .digest('base64');
  return `<Security s:mustUnderstand="1" xmlns="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><UsernameToken><Username>${escapeXml(username)}</Username><Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest">${digest}</Password><Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary">${nonce.toString('base64')}</Nonce><Created xmlns="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">${created}</Created></UsernameToken></Security>`;
}

export interface Credentials {
  username: string;
  password: string;
}

/** Who asks, and how far the camera's clock is ahead of ours (the digest's `Created` is in its time). */
interface Signer {
  credentials: Credentials;
  offsetMs: number;
}

const envelope = (signer: Signer | null, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:tds="http://www.onvif.org/ver10/device/wsdl" xmlns:trt="http://www.onvif.org/ver10/media/wsdl" xmlns:tt="http://www.onvif.org/ver10/schema">
<s:Header>${signer ? securityHeader(signer.credentials.username, signer.credentials.password, new Date(Date.now() + signer.offsetMs)) : ''}</s:Header>
<s:Body>${body}</s:Body>
</s:Envelope>`;

/** One SOAP call; a fault of NotAuthorized (or HTTP 401) is `notAuthorized`, no answer `unreachable`. */
async function call(url: string, signer: Signer | null, body: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
      body: envelope(signer, body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new OnvifError('unreachable', (error as Error).message);
  }
  const xml = await response.text();
  if (response.status === 401) throw new OnvifError('notAuthorized', 'HTTP 401');
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    throw new OnvifError('badAnswer', `HTTP ${response.status}: not XML`);
  }
  const fault = child(doc, 'Envelope', 'Body', 'Fault');
  if (fault) {
    const subcode = text(child(fault, 'Code', 'Subcode', 'Value')) ?? '';
    const reason = text(child(fault, 'Reason', 'Text')) ?? subcode;
    if (/NotAuthorized/i.test(subcode) || /NotAuthorized/i.test(reason)) throw new OnvifError('notAuthorized', reason);
    throw new OnvifError('badAnswer', reason || `HTTP ${response.status}`);
  }
  if (!response.ok) throw new OnvifError('badAnswer', `HTTP ${response.status}`);
  return child(doc, 'Envelope', 'Body');
}

/** How far the camera's UTC clock is ahead of ours; 0 when it does not say. */
async function clockOffset(xaddr: string, timeoutMs: number): Promise<number> {
  const answer = await call(xaddr, null, '<tds:GetSystemDateAndTime/>', timeoutMs).catch((error: unknown) => {
    // Unreachable is final; a camera that wants credentials even for its clock is asked without the offset.
    if (error instanceof OnvifError && error.code === 'unreachable') throw error;
    return undefined;
  });
  const utc = child(answer, 'GetSystemDateAndTimeResponse', 'SystemDateAndTime', 'UTCDateTime');
  const n = (...path: string[]) => Number(text(child(utc, ...path)));
  const at = Date.UTC(
    n('Date', 'Year'),
    n('Date', 'Month') - 1,
    n('Date', 'Day'),
    n('Time', 'Hour'),
    n('Time', 'Minute'),
    n('Time', 'Second'),
  );
  return Number.isFinite(at) ? at - Date.now() : 0;
}

/** At most this many profiles are asked for their stream. */
const MAX_PROFILES = 8;

/**
 * A camera's media profiles with their RTSP addresses: its clock (GetSystemDateAndTime, asked
 * without credentials, as ONVIF Core allows), GetCapabilities (Media) on the device service for
 * the media service's address, then GetProfiles and a GetStreamUri per profile.
 */
export async function cameraProfiles(
  xaddr: string,
  credentials: Credentials,
  timeoutMs = 3000,
): Promise<CameraProfile[]> {
  const signer: Signer = { credentials, offsetMs: await clockOffset(xaddr, timeoutMs) };
  const capabilities = await call(
    xaddr,
    signer,
    '<tds:GetCapabilities><tds:Category>Media</tds:Category></tds:GetCapabilities>',
    timeoutMs,
  );
  const mediaUrl = text(child(capabilities, 'GetCapabilitiesResponse', 'Capabilities', 'Media', 'XAddr')) || xaddr;
  const answer = await call(mediaUrl, signer, '<trt:GetProfiles/>', timeoutMs);
  const profiles = (child(answer, 'GetProfilesResponse', 'Profiles') as unknown[] | undefined) ?? [];
  const result: CameraProfile[] = [];
  for (const profile of profiles.slice(0, MAX_PROFILES)) {
    const token = typeof child(profile, '@token') === 'string' ? (child(profile, '@token') as string) : null;
    if (!token) continue;
    const stream = await call(
      mediaUrl,
      signer,
      `<trt:GetStreamUri><trt:StreamSetup><tt:Stream>RTP-Unicast</tt:Stream><tt:Transport><tt:Protocol>RTSP</tt:Protocol></tt:Transport></trt:StreamSetup><trt:ProfileToken>${escapeXml(token)}</trt:ProfileToken></trt:GetStreamUri>`,
      timeoutMs,
    );
    const uri = text(child(stream, 'GetStreamUriResponse', 'MediaUri', 'Uri'));
    if (!uri || !/^rtsps?:\/\//i.test(uri)) continue;
    const resolution = child(profile, 'VideoEncoderConfiguration', 'Resolution');
    const number = (v: unknown) => (text(v) && Number.isFinite(Number(text(v))) ? Number(text(v)) : null);
    result.push({
      token,
      name: (text(child(profile, 'Name')) ?? token).slice(0, 64),
      width: number(child(resolution, 'Width')),
      height: number(child(resolution, 'Height')),
      encoding: text(child(profile, 'VideoEncoderConfiguration', 'Encoding')),
      uri,
    });
  }
  if (result.length === 0) throw new OnvifError('noProfile', 'no media profile with an RTSP stream');
  return result;
}

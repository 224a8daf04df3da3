import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraProfiles, OnvifError, probeCameras, readProbeMatches, securityHeader } from './onvif.ts';
import { type RunningOnvifCamera, startOnvifCamera } from './onvif-camera.ts';

let camera: RunningOnvifCamera;
let skewed: RunningOnvifCamera;

beforeAll(async () => {
  camera = await startOnvifCamera({
    username: 'admin',
    password: 'Cam3ra!',
    rtspUrl: 'rtsp://127.0.0.1:8554/live',
    name: 'Pump room',
  });
  // A camera whose clock was never set: an hour ahead.
  skewed = await startOnvifCamera({
    username: 'admin',
    password: 'Cam3ra!',
    rtspUrl: 'rtsp://127.0.0.1:8554/other',
    clockSkewMs: 3_600_000,
  });
});
afterAll(async () => {
  await camera.close();
  await skewed.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof OnvifError ? error.code : String(error)),
  );

describe('the password digest', () => {
  it('is the one of the ONVIF Application Programmer’s Guide example', () => {
    const header = securityHeader(
      'user',
      'userpassword',
      new Date('2010-09-16T07:50:45Z'),
      Buffer.from('LKqI6G/AikKCQrN0zqZFlg==', 'base64'),
    );
    expect(header).toContain('>tuOSpGlFlIXsozq4HFNeeGeFLEI=</Password>');
    expect(header).toContain(
      '<Created xmlns="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">2010-09-16T07:50:45Z</Created>',
    );
  });
});

describe('WS-Discovery', () => {
  it('finds the cameras that answer the probe, once each, with their name and service address', async () => {
    const found = await probeCameras({ waitMs: 400, targets: [camera.discovery, skewed.discovery, camera.discovery] });
    expect(found).toHaveLength(2);
    expect(found).toContainEqual({
      endpoint: camera.endpoint,
      xaddrs: [camera.xaddr],
      name: 'Pump room',
      hardware: 'DS-2CD2T47',
    });
  });

  it('keeps only the answers to its own probe', () => {
    const other = `<?xml version="1.0"?><s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://schemas.xmlsoap.org/ws/2004/08/addressing" xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery"><s:Header><a:RelatesTo>urn:uuid:someone-else</a:RelatesTo></s:Header><s:Body><d:ProbeMatches><d:ProbeMatch><a:EndpointReference><a:Address>urn:uuid:x</a:Address></a:EndpointReference><d:XAddrs>http://10.0.0.9/onvif/device_service</d:XAddrs></d:ProbeMatch></d:ProbeMatches></s:Body></s:Envelope>`;
    expect(readProbeMatches(other, 'urn:uuid:mine')).toEqual([]);
    expect(readProbeMatches(other, 'urn:uuid:someone-else')).toHaveLength(1);
    expect(readProbeMatches('not xml <', 'urn:uuid:mine')).toEqual([]);
  });
});

describe('a camera’s profiles', () => {
  it('gives each profile with its RTSP address and resolution', async () => {
    const profiles = await cameraProfiles(camera.xaddr, { username: 'admin', password: 'Cam3ra!' });
    expect(profiles).toEqual([
      {
        token: 'Profile_1',
        name: 'mainStream',
        width: 1280,
        height: 720,
        encoding: 'H264',
        uri: 'rtsp://127.0.0.1:8554/live',
      },
      {
        token: 'Profile_2',
        name: 'subStream',
        width: 640,
        height: 360,
        encoding: 'H264',
        uri: 'rtsp://127.0.0.1:8554/live?sub=1',
      },
    ]);
  });

  it('signs in the camera’s own time when its clock is off', async () => {
    const profiles = await cameraProfiles(skewed.xaddr, { username: 'admin', password: 'Cam3ra!' });
    expect(profiles.map((p) => p.uri)).toEqual(['rtsp://127.0.0.1:8554/other', 'rtsp://127.0.0.1:8554/other?sub=1']);
  });

  it('says a wrong password is not authorised, and an address nobody answers is unreachable', async () => {
    const before = camera.refused;
    expect(await failure(cameraProfiles(camera.xaddr, { username: 'admin', password: 'wrong' }))).toBe('notAuthorized');
    expect(camera.refused).toBe(before + 1);
    expect(
      await failure(cameraProfiles('http://127.0.0.1:9/onvif/device_service', { username: 'a', password: 'b' }, 500)),
    ).toBe('unreachable');
  });
});

import { z } from 'zod';

/**
 * Adding cameras from an ONVIF discovery on the LAN of an edge gateway (decision 0160): the cloud
 * asks the gateway (an MQTT device) to probe its LAN, then to ask one camera for its profiles.
 */
export const onvifDiscoverInput = z.strictObject({
  deviceId: z.number({ error: 'v.onvif.gateway' }).int({ error: 'v.onvif.gateway' }).positive('v.onvif.gateway'),
});

/** A camera that answered the gateway's probe. */
export const onvifFound = z.object({
  endpoint: z.string().max(200),
  xaddrs: z.array(z.string().max(300)).min(1).max(8),
  name: z.string().max(100).nullable(),
  hardware: z.string().max(100).nullable(),
});
export type OnvifFound = z.infer<typeof onvifFound>;
export const onvifDiscovery = z.object({ cameras: z.array(onvifFound).max(256) });
export type OnvifDiscovery = z.infer<typeof onvifDiscovery>;

export const onvifProfilesInput = z.strictObject({
  deviceId: z.number({ error: 'v.onvif.gateway' }).int({ error: 'v.onvif.gateway' }).positive('v.onvif.gateway'),
  xaddr: z
    .string({ error: 'v.onvif.xaddr' })
    .trim()
    .max(300, 'v.onvif.xaddr')
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s]*)?$/i, 'v.onvif.xaddr'),
  username: z.string({ error: 'v.onvif.username' }).trim().min(1, 'v.onvif.username').max(64, 'v.onvif.username'),
  password: z.string({ error: 'v.onvif.password' }).max(64, 'v.onvif.password'),
});
export type OnvifProfilesInput = z.input<typeof onvifProfilesInput>;

/** A camera's media profile with its RTSP address (the password is not in it: the caller adds it). */
export const onvifProfile = z.object({
  token: z.string().max(64),
  name: z.string().max(64),
  width: z.number().nullable(),
  height: z.number().nullable(),
  encoding: z.string().max(20).nullable(),
  uri: z.string().max(500),
});
export type OnvifProfile = z.infer<typeof onvifProfile>;
export const onvifProfiles = z.object({ profiles: z.array(onvifProfile).max(8) });
export type OnvifProfiles = z.infer<typeof onvifProfiles>;

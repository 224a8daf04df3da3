import type {
  CameraAnswer,
  CameraInput,
  CameraLive,
  CameraView,
  OnvifDiscovery,
  OnvifProfiles,
  OnvifProfilesInput,
  Page,
} from '@meridian/contracts';
import { del, get, post, put } from '../../shared/request.ts';

/** The calls of cameras and the Video Monitor (decision 0112). */

export type { CameraInput, CameraView };

export const listCameras = (query: { keyword?: string; page: number; size: number }, signal?: AbortSignal) =>
  get<Page<CameraView>>('iot/cameras', { query: { ...query }, signal });
export const addCamera = (body: CameraInput) => post<CameraView>('iot/cameras', body);
export const editCamera = (id: number, body: CameraInput) => put<CameraView>(`iot/cameras/${id}`, body);
export const deleteCamera = (id: number) => del<null>(`iot/cameras/${id}`);
/** Starts or joins the camera's restream; answers once the first video is there. */
export const watchCamera = (id: number) => post<CameraLive>(`iot/cameras/${id}/live`);

/** An edge gateway looks for ONVIF cameras on its LAN (decision 0160). */
export const discoverOnvif = (deviceId: number) => post<OnvifDiscovery>('iot/cameras/onvif/discover', { deviceId });
/** An edge gateway asks one camera for its profiles and RTSP addresses. */
export const onvifProfiles = (body: OnvifProfilesInput) => post<OnvifProfiles>('iot/cameras/onvif/profiles', body);

/** `rtsp://host/…` with `user:password@` put in, each part escaped as a URL's user information must be. */
export function withCredentials(uri: string, username: string, password: string): string {
  const auth = `${encodeURIComponent(username)}${password ? `:${encodeURIComponent(password)}` : ''}@`;
  return uri.replace(/^(rtsps?:\/\/)(?:[^@/]*@)?/i, `$1${auth}`);
}
/** Forwards the browser's WebRTC offer to a WebRTC camera (decision 0159); answers the camera's answer. */
export const offerToCamera = (id: number, offer: string) => post<CameraAnswer>(`iot/cameras/${id}/webrtc`, { offer });
/** Ends a WebRTC view's session at the camera. */
export const endCameraSession = (id: number, session: string) =>
  del<null>(`iot/cameras/${id}/webrtc/${encodeURIComponent(session)}`);

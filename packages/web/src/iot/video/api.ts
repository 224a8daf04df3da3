import type { CameraInput, CameraLive, CameraView, Page } from '@meridian/contracts';
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

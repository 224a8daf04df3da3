import type { FaceUpload, facePhoto, faceSwitch, trajectory } from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of whitelist faces and the trajectory query (`/apis-psychology/faceUpload|trajectoryQuery/...`, decision 0101). */

export type FaceSwitch = Output<typeof faceSwitch>;
export type FacePhoto = Output<typeof facePhoto>;
export type Trajectory = Output<typeof trajectory>;

export const faceSwitches = (signal?: AbortSignal) =>
  get<FaceSwitch[]>('apis-psychology/faceUpload/switch', { signal });
export const setFaceSwitch = (schoolId: number, enabled: boolean) =>
  post<FaceSwitch>('apis-psychology/faceUpload/switch', { schoolId, enabled });
export const facePhotos = (signal?: AbortSignal) => get<FacePhoto[]>('apis-psychology/faceUpload/list', { signal });
export const uploadFace = (body: FaceUpload) => post<FacePhoto>('apis-psychology/faceUpload/add', body);
export const deleteFace = (id: number) => post<null>(`apis-psychology/faceUpload/delete/${id}`);
export const searchTrajectory = (query: { studentId: number; from: number; to: number; reason: string }) =>
  get<Trajectory>('apis-psychology/trajectoryQuery/search', { query });

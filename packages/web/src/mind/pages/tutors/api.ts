import type { classProgress, TutorTaskCreate, tutorChoice, tutorTask } from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { download } from '../../../shared/download.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of tutor-choice tasks, their progress and the tutors' answers (`/apis-psychology/tutorChoice/...`). */

type Signal = AbortSignal | undefined;

export type TutorTask = Output<typeof tutorTask>;
export type TutorChoice = Output<typeof tutorChoice>;
export type ClassProgress = Output<typeof classProgress>;

const BASE = 'apis-psychology/tutorChoice';

export const tutorTasks = (signal?: Signal) => get<TutorTask[]>(`${BASE}/task/list`, { signal });
export const progressTasks = (signal?: Signal) => get<TutorTask[]>(`${BASE}/progress/list`, { signal });
export const tutoringTasks = (signal?: Signal) => get<TutorTask[]>(`${BASE}/tutoring`, { signal });
export const createTutorTask = (body: TutorTaskCreate) => post<TutorTask>(`${BASE}/task/add`, body);
export const openRound = (id: number, round: number) => post<TutorTask>(`${BASE}/task/round`, { id, round });
export const taskProgress = (id: number, signal?: Signal) =>
  get<ClassProgress[]>(`${BASE}/task/${id}/progress`, { signal });
export const taskResults = (id: number, signal?: Signal) =>
  get<TutorChoice[]>(`${BASE}/task/${id}/results`, { signal });
export const myTutees = (id: number, signal?: Signal) => get<TutorChoice[]>(`${BASE}/task/${id}/mine`, { signal });
export const decideChoice = (choiceId: number, confirm: boolean) =>
  post<{ id: number; state: 'confirmed' | 'declined' }>(`${BASE}/decide`, { choiceId, confirm });
/** The result list as an xlsx, saved by the browser. */
export const exportResults = (id: number, fallbackName: string) => download(`${BASE}/task/${id}/export`, fallbackName);

import type { campusPsychology, campusPsychologyDetail } from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get } from '../../../shared/request.ts';

/** The calls of the campus psychology board and its class detail (decision 0124). */

export type CampusPsychology = Output<typeof campusPsychology>;
export type CampusPsychologyDetail = Output<typeof campusPsychologyDetail>;
export type GradeRow = CampusPsychology['grades'][number];
export type ClassRow = GradeRow['classes'][number];

export const psychologyOf = (query: { schoolId?: number; from: string; to: string }, signal?: AbortSignal) =>
  get<CampusPsychology>('apis-psychology/emotion/psychology', {
    query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string>,
    signal,
  });

export const psychologyClassOf = (query: { classId: number; from: string; to: string }, signal?: AbortSignal) =>
  get<CampusPsychologyDetail>('apis-psychology/emotion/psychology/class', { query, signal });

import type { TemplateChoices, TemplateChoose } from '@meridian/contracts';
import { get, post } from '../../../shared/request.ts';

/** The template center's calls (decision 0132). */

export type { TemplateChoices, TemplateChoose };
export type TemplateRow = TemplateChoices['list'][number];

export const templateChoices = (signal?: AbortSignal) =>
  get<TemplateChoices>('apis-psychology/screen/template/list', { signal });
export const chooseTemplates = (body: TemplateChoose) => post<null>('apis-psychology/screen/template/choose', body);

import type { LocalText } from '@meridian/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/errors.ts';
import { currentLang } from '../../../shared/i18n.ts';
import { orgSearch } from '../../../shared/people/api.ts';
import { scaleInfo, scaleOptions } from '../scales/api.ts';
import { taskPage } from './api.ts';

export const textIn = (text: LocalText | null | undefined): string => {
  if (!text) return '';
  const lang = currentLang();
  return text[lang] || text['zh-CN'] || text.en || '';
};

/** Every published scale the caller may use, for pickers and to name the scales of results. */
export function useScaleChoices() {
  return useQuery({
    queryKey: ['assess', 'scaleOptions', 'all'],
    queryFn: ({ signal }) => scaleOptions(undefined, signal),
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
}

/** The tasks of the scope that have been published, for pickers. */
export function useTaskChoices() {
  return useQuery({
    queryKey: ['assess', 'tasks', 'picker'],
    queryFn: ({ signal }) => taskPage({ page: 1, size: 100 }, signal),
    meta: { silentError: true },
    select: (page) => page.list.filter((task) => task.state !== 'draft'),
  });
}

/** Band id → its label, for the scales of a page of results (the bands live in each scale's definition). */
export function useBandLabels(scaleIds: number[]): (scaleId: number, band: string | null) => string {
  const unique = [...new Set(scaleIds)];
  const details = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['assess', 'scale', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => scaleInfo(id, signal),
      staleTime: 5 * 60_000,
      meta: { silentError: true },
    })),
  });
  return (scaleId, band) => {
    if (band === null) return '-';
    const detail = details[unique.indexOf(scaleId)]?.data;
    const found = detail?.definition?.bands.find((b) => b.id === band);
    return found ? textIn(found.label) : band;
  };
}

/**
 * Organisations of `type` under `parentId` within the scope. A class teacher's scope is their
 * classes, not the school above: asked under the school the server answers 404, and the classes of
 * the whole scope are what they may pick.
 */
export function useOrgNodes(type: 'grade' | 'class', parentId: number | undefined) {
  return useQuery({
    queryKey: ['assess', 'nodes', type, parentId],
    queryFn: async ({ signal }) => {
      try {
        return await orgSearch({ type, parentId, size: 500 }, signal);
      } catch (error) {
        if (!(error instanceof ApiError) || error.httpStatus !== 404) throw error;
        return orgSearch({ type, size: 500 }, signal);
      }
    },
    enabled: parentId !== undefined,
    meta: { silentError: true },
  });
}

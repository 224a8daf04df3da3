import type {
  LocalText,
  ScreenBands,
  ScreenGauge,
  ScreenHolders,
  ScreenOverduePage,
  ScreenSchools,
} from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { currentLang } from '../../shared/i18n.ts';
import { get } from '../../shared/request.ts';

/** How often a screen on a wall asks again: the summary tables make each call a few rows. */
export const SCREEN_REFRESH_MS = 60_000;

type Query = Record<string, string | number | undefined>;

/** One card's call: refreshed on its own timer, its failure shown in the card (no toast on a wall). */
function useScreenCall<T>(name: string, path: string, query: Query) {
  return useQuery({
    queryKey: ['mind.screen', name, query],
    queryFn: ({ signal }) => get<T>(path, { query, signal }),
    refetchInterval: SCREEN_REFRESH_MS,
    staleTime: 0,
    meta: { silentError: true },
  });
}

export const useSchools = (q: Query) =>
  useScreenCall<ScreenSchools>('schools', 'apis-psychology/screen/school/queryList', q);
export const useBands = (q: Query) =>
  useScreenCall<ScreenBands>('bands', 'apis-psychology/screen/school/queryClassTj', q);
export const useGauge = (q: Query) => useScreenCall<ScreenGauge>('gauge', 'apis-psychology/warning/gauge', q);
export const useOverdue = (q: Query) =>
  useScreenCall<ScreenOverduePage>('overdue', 'apis-psychology/screen/school/queryPage', { size: 8, ...q });
export const useHolders = (q: Query) =>
  useScreenCall<ScreenHolders>('holders', 'apis-psychology/screen/school/holders', q);

export const textIn = (text: LocalText | null | undefined): string => {
  if (!text) return '';
  return text[currentLang()] || text['zh-CN'] || text.en || '';
};

/** `?schoolId=` in the address narrows a screen to one school of the caller's scope. */
export function screenFilters(search: string): Query {
  const params = new URLSearchParams(search);
  const schoolId = Number(params.get('schoolId'));
  return Number.isInteger(schoolId) && schoolId > 0 ? { schoolId } : {};
}

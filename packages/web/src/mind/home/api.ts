import type { HomeSummary } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../shared/request.ts';
import { getToken } from '../../shared/session.ts';

/** This week on the reader's clock: from Monday 00:00 to the next Monday 00:00. */
export function thisWeek(now = new Date()): { weekFrom: number; weekTo: number } {
  const monday = new Date(now);
  monday.setHours(0, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const next = new Date(monday);
  next.setDate(monday.getDate() + 7);
  return { weekFrom: monday.getTime(), weekTo: next.getTime() };
}

/** The home page's cards in one call; refreshed when the reader comes back to the page. */
export const useHomeSummary = () =>
  useQuery({
    queryKey: ['mind.home', getToken()],
    queryFn: ({ signal }) => get<HomeSummary>('apis-psychology/home/summary', { query: thisWeek(), signal }),
    staleTime: 30_000,
  });

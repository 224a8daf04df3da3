import { MIND_MENU_PAGES } from '@meridian/contracts';
import { useCan } from '../assessments/can.ts';

/**
 * Whether the role grants `code` on province docking: both pages act on the calls of
 * `/data/dataDocking`, so the upload records check that feature rather than their own address.
 */
export function useDockingCan(): (code: string) => boolean {
  return useCan(MIND_MENU_PAGES.dataDocking ?? '/data/dataDocking');
}

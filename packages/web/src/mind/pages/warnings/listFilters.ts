import { WARNING_SOURCES, WARNING_STATES, type WarningSource } from '@meridian/contracts';
import type { WarningFilter, WarningState } from './api.ts';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);
const idOf = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The warning list's filters as a link gives them (`/data/intervene?source=journal&schoolId=3`, the
 * cockpit's card of what the platform raised by itself, decision 0141): a value the list does not know
 * is left out rather than refused, so an old link opens the whole list.
 */
export function warningFiltersOf(search: string): WarningFilter {
  const params = new URLSearchParams(search);
  const filters: WarningFilter = {
    source: oneOf<WarningSource>(WARNING_SOURCES, params.get('source')),
    state: oneOf<WarningState>(WARNING_STATES, params.get('state')),
    level: params.get('level') || undefined,
    schoolId: idOf(params.get('schoolId')),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as WarningFilter;
}

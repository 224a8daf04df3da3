import { useCan } from '../assessments/can.ts';
import type { WarningRights } from './actions.ts';

/** What the role may do on warnings: every warning page acts on the calls of `/data/intervene`. */
export function useWarningRights(): WarningRights {
  const can = useCan('/data/intervene');
  return { assign: can('assign'), edit: can('edit'), add: can('add') };
}

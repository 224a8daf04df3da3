import { useSearchParams } from 'react-router';
import { WarningList } from './WarningList.tsx';
import { WarningPage } from './WarningPage.tsx';
import './strings.ts';

/** `/data/intervene`: the warning list, or one warning when the address names it (`?id=`). */
export function InterveneRoute() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? <WarningPage key={id} id={id} /> : <WarningList />;
}

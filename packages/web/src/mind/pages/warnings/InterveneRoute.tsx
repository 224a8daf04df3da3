import { useSearchParams } from 'react-router';
import { WarningList } from './WarningList.tsx';
import { WarningPage } from './WarningPage.tsx';
import './strings.ts';

/**
 * `/data/intervene`: the warning list (its first filters from a link, `?source=`), or one warning when
 * the address names it (`?id=`). A new link's filters start a new list.
 */
export function InterveneRoute() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? (
    <WarningPage key={id} id={id} />
  ) : (
    <WarningList key={search.toString()} link={search} />
  );
}

import { Button, Card, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../../shared/errors.ts';

/** What a list page's query says about itself (a react-query result fits). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The states of an H5 list page: loading, failed with a retry, empty, or the list itself. Each page
 * gives its own words; `children` draws the items once there are some.
 */
export function H5ListState<T>(props: {
  query: ListQuery;
  list: readonly T[];
  words: { loading: string; loadFailed: string; retry: string; label: string };
  empty: ReactNode;
  children: (list: readonly T[]) => ReactNode;
}) {
  const { query, list, words } = props;
  if (query.isPending)
    return (
      <Card aria-busy="true" aria-label={words.loading}>
        <Skeleton active />
      </Card>
    );
  if (query.isError)
    return (
      <Result
        status="warning"
        title={words.loadFailed}
        subTitle={errorText(query.error)}
        extra={
          <Button onClick={() => query.refetch()} loading={query.isFetching}>
            {words.retry}
          </Button>
        }
      />
    );
  if (list.length === 0)
    return (
      <Card>
        <Empty style={{ padding: '40px 0' }} description={props.empty} />
      </Card>
    );
  return <section aria-label={words.label}>{props.children(list)}</section>;
}

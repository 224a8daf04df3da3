import { PAGE_SIZE_DEFAULT, type Page } from '@meridian/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, type FormInstance, type FormProps, Table, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trimmed } from './filters.ts';
import { LoadFailed } from './LoadFailed.tsx';

/**
 * A list's filter form: its fields in a row, then Search, which hands `onSearch` the values with
 * their text trimmed (`trimmed`), and Reset, which empties the fields (`onReset` clears what
 * `resetFields` keeps, such as a value from the address) and searches everything again.
 */
export function FilterForm<F extends object>({
  form,
  onSearch,
  onReset,
  searchTestId,
  style,
  children,
  ...rest
}: Omit<FormProps<F>, 'form' | 'layout' | 'onFinish' | 'onReset'> & {
  form: FormInstance<F>;
  onSearch(values: F): void;
  onReset?(): void;
  searchTestId?: string;
  children: ReactNode;
}) {
  return (
    <Form<F>
      {...rest}
      form={form}
      layout="inline"
      style={{ rowGap: 12, marginBottom: 16, ...style }}
      onFinish={(values) => onSearch(trimmed(values))}
    >
      {children}
      <SearchButtons
        testId={searchTestId}
        onReset={() => {
          form.resetFields();
          onReset?.();
          onSearch({} as F);
        }}
      />
    </Form>
  );
}

/** The search and reset buttons at the end of a list's filter form. */
export function SearchButtons({ testId, onReset }: { testId?: string; onReset(): void }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" data-testid={testId}>
          {t('list.search')}
        </Button>
        <Button onClick={onReset}>{t('list.reset')}</Button>
      </Flex>
    </Form.Item>
  );
}

interface Paging {
  page: number;
  size: number;
}

/**
 * A paged list's state: the filters last searched, the page, and the query, keyed `[...key,
 * filters, paging]` so that invalidating `key` reloads it. The previous page stays on screen while
 * the next loads; a failure is shown in place (`PagedTable`), not as a toast. Searching goes back
 * to the first page; so does changing the page size.
 */
export function usePagedList<F extends object, R>(
  key: QueryKey,
  load: (query: F & Paging, signal: AbortSignal) => Promise<Page<R> | Pick<Page<R>, 'list' | 'total'>>,
  options: { filters?: F; size?: number; enabled?: boolean; refetchInterval?: number } = {},
) {
  const [filters, setFilters] = useState<F>(options.filters ?? ({} as F));
  const [paging, setPaging] = useState<Paging>({ page: 1, size: options.size ?? PAGE_SIZE_DEFAULT });
  const query = useQuery({
    queryKey: [...key, filters, paging],
    queryFn: ({ signal }) => load({ ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
    refetchInterval: options.refetchInterval,
    meta: { silentError: true },
  });
  return {
    query,
    filters,
    paging,
    rows: query.data?.list ?? [],
    total: query.data?.total ?? 0,
    /** Shows the first page of what matches `next`. */
    search(next: F) {
      setFilters(next);
      setPaging((p) => ({ ...p, page: 1 }));
    },
    setPaging,
  };
}

export type PagedList<F extends object, R> = ReturnType<typeof usePagedList<F, R>>;

/**
 * The table of a `usePagedList`: its rows and pager, a spinner while a page loads, and in place of
 * the table, when nothing could be loaded, what went wrong and a way to try again.
 */
export function PagedTable<R extends object>({
  list,
  pagination,
  live,
  ...table
}: Omit<TableProps<R>, 'dataSource' | 'loading' | 'pagination'> & {
  list: Pick<PagedList<object, R>, 'query' | 'paging' | 'rows' | 'total' | 'setPaging'>;
  /** A list that refreshes itself (`refetchInterval`): it spins only while it loads what the user asked for. */
  live?: boolean;
  /** The pager's options beyond the page, size and total; `false` for a list that fits one page. */
  pagination?: Omit<NonNullable<TableProps<R>['pagination']>, 'current' | 'pageSize' | 'total'> | false;
}) {
  const { t } = useTranslation();
  const { query, paging } = list;
  if (query.isError && !query.data) {
    return <LoadFailed error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <Table<R>
      size="middle"
      {...table}
      loading={live ? query.isPending || (query.isFetching && query.isPlaceholderData) : query.isFetching}
      dataSource={list.rows}
      pagination={
        pagination === false
          ? false
          : {
              // The size changer is antd's own rule: shown once there are more than 50 rows.
              showTotal: (total) => t('list.total', { total }),
              ...pagination,
              current: paging.page,
              pageSize: paging.size,
              total: list.total,
              onChange: (page, size) => list.setPaging({ page: size === paging.size ? page : 1, size }),
            }
      }
    />
  );
}

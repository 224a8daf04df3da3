import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { interventionPage, type RecordList } from './api.ts';
import { RecordTable } from './RecordTable.tsx';
import './strings.ts';

/** The interview or return-visit records of the scope's warnings, newest first. */
function RecordsOf({ list }: { list: RecordList }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const records = useQuery({
    queryKey: ['warn', 'records', list, paging],
    queryFn: ({ signal }) => interventionPage(list, paging, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  return (
    <Card data-testid={`${list}-page`}>
      {records.isError && !records.data ? (
        <LoadFailed error={records.error} onRetry={() => records.refetch()} retrying={records.isFetching} />
      ) : (
        <RecordTable
          withWarning
          testId={`${list}-table`}
          rows={records.data?.list ?? []}
          loading={records.isFetching}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: records.data?.total ?? 0,
            showTotal: (total) => t('system.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
        />
      )}
    </Card>
  );
}

/** `/data/interview`: the interviews. */
export const InterviewPage = () => <RecordsOf list="interview" />;
/** `/data/returnVisit`: the return visits. */
export const ReturnVisitPage = () => <RecordsOf list="returnVisit" />;

import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../../shared/PageLoading.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { dockingConfigInfo } from './api.ts';
import { ConfigCard } from './ConfigCard.tsx';
import { useDockingCan } from './can.ts';
import { PushCard } from './PushCard.tsx';
import { ResyncCard } from './ResyncCard.tsx';
import './strings.ts';

/** `/data/dataDocking`: the district's province platform, what it reports, and the push (decision 0103). */
export function DataDockingPage() {
  const { t } = useTranslation();
  const mayView = useDockingCan()('view');
  return (
    <ViewGuard may={mayView} testId="docking-page" refusal={t('docking.noAccess')}>
      <DataDocking />
    </ViewGuard>
  );
}

function DataDocking() {
  const canEdit = useDockingCan()('edit');
  const config = useQuery({
    queryKey: ['docking', 'config'],
    queryFn: ({ signal }) => dockingConfigInfo(signal),
    meta: { silentError: true },
  });
  if (config.isPending) return <PageLoading />;
  if (config.isError)
    return <LoadFailed error={config.error} onRetry={() => config.refetch()} retrying={config.isFetching} />;
  return (
    <Flex vertical gap={16} data-testid="docking-page">
      <ConfigCard config={config.data} canEdit={canEdit} />
      <PushCard configured={config.data.configured} canEdit={canEdit} />
      <ResyncCard key={config.data.updatedAt ?? 0} config={config.data} canEdit={canEdit} />
    </Flex>
  );
}

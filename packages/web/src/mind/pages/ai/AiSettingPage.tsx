import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../../shared/PageLoading.tsx';
import { usePermission } from '../../access/Permission.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { aiSettingInfo } from './api.ts';
import { DistrictsCard } from './DistrictsCard.tsx';
import { EndpointCard } from './EndpointCard.tsx';
import { SchoolsCard } from './SchoolsCard.tsx';
import './strings.ts';

/** `/data/aiSetting`: the deployment's OpenAI-compatible endpoint and budget, each district's own, and each school's legal basis. */
export function AiSettingPage() {
  const { t } = useTranslation();
  const mayView = usePermission('view');
  return (
    <ViewGuard may={mayView} testId="ai-setting-page" refusal={t('ai.noAccess')}>
      <AiSettings />
    </ViewGuard>
  );
}

function AiSettings() {
  const canEdit = usePermission('edit');
  const setting = useQuery({
    queryKey: ['ai', 'setting'],
    queryFn: ({ signal }) => aiSettingInfo(signal),
    meta: { silentError: true },
  });
  if (setting.isPending) return <PageLoading />;
  if (setting.isError)
    return <LoadFailed error={setting.error} onRetry={() => setting.refetch()} retrying={setting.isFetching} />;
  return (
    <Flex vertical gap={16} data-testid="ai-setting-page">
      <EndpointCard setting={setting.data} canEdit={canEdit && setting.data.canChangeEndpoint} />
      <DistrictsCard canEdit={canEdit} />
      <SchoolsCard canEdit={canEdit} />
    </Flex>
  );
}

import { EditOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { ScadaElement } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Result, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/errors.ts';
import { notifyError } from '../../shared/feedback.tsx';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { writePoint } from '../telemetry/api.ts';
import { LiveIndicator } from '../telemetry/RealtimeTab.tsx';
import { type ScadaDetail, screenOf } from './api.ts';
import { Readings, ScreenStage } from './ScreenStage.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import type { Reading } from './shapes.tsx';
import { readingKey, useBoundValues } from './useBoundValues.ts';
import './strings.ts';

const SCADA = '/iot/scada';

/** Spec section 6: without view or operate permission a configuration shows "no permission". */
function NoPermission() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('scada.noPermission')}
      subTitle={t('scada.noPermissionHint')}
      data-testid="scada-no-permission"
    />
  );
}

/** Run mode: the screen with its components bound to live point values; buttons write their point. */
export function ScadaViewerPage() {
  const id = Number(useParams().id);
  const { can, isPending } = usePermissions();
  const allowed = can({ path: SCADA, code: 'view' }) || can({ path: SCADA, code: 'operate' });
  const screen = useQuery({
    queryKey: ['iot', 'scada', id],
    queryFn: ({ signal }) => screenOf(id, signal),
    enabled: allowed,
    meta: { silentError: true },
  });
  if (isPending) return <PageLoading />;
  if (!allowed || (screen.error instanceof ApiError && screen.error.httpStatus === 403)) return <NoPermission />;
  if (screen.isError) {
    return <LoadFailed error={screen.error} onRetry={() => screen.refetch()} retrying={screen.isFetching} />;
  }
  if (!screen.data) return <PageLoading />;
  return <Viewer screen={screen.data} canOperate={can({ path: SCADA, code: 'operate' })} />;
}

function Viewer({ screen, canOperate }: { screen: ScadaDetail; canOperate: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [sharing, setSharing] = useState(false);
  const values = useBoundValues(screen.document);
  const doc = screen.document;
  const readingOf = (element: ScadaElement): Reading =>
    element.binding ? (values.get(readingKey(element.binding.deviceId, element.binding.pointId)) ?? null) : undefined;

  const press = (element: ScadaElement) => {
    if (element.kind !== 'button' || !element.binding || element.writeValue === null) return;
    if (!canOperate) {
      message.warning(t('scada.cannotOperate'));
      return;
    }
    const { deviceId, pointId } = element.binding;
    const value = element.writeValue;
    confirm(
      {
        title: t('scada.writeAsk', { point: element.text || element.id, value: String(value) }),
        okText: t('data.write.send'),
      },
      async () => {
        try {
          await writePoint(deviceId, pointId, value);
          message.success(t('scada.written'));
        } catch (error) {
          notifyError(error);
        }
      },
    );
  };

  return (
    <Flex vertical gap={12} data-testid="scada-viewer">
      <Card
        size="small"
        title={screen.name}
        extra={
          <Space>
            <LiveIndicator />
            {screen.editable && (
              <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)} data-testid="scada-share-button">
                {t('scada.share')}
              </Button>
            )}
            {screen.editable && (
              <Link to={`/scada/${screen.id}/edit`}>
                <Button icon={<EditOutlined />}>{t('scada.edit')}</Button>
              </Link>
            )}
          </Space>
        }
      >
        <ScreenStage document={doc} readingOf={readingOf} onPress={press} />
      </Card>
      <Readings document={doc} readingOf={readingOf} />
      {sharing && <ShareDialog id={screen.id} name={screen.name} onClose={() => setSharing(false)} />}
    </Flex>
  );
}

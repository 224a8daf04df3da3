import { EditOutlined } from '@ant-design/icons';
import type { ScadaElement } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Layer, Stage } from 'react-konva';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/errors.ts';
import { notifyError } from '../../shared/feedback.tsx';
import { fileAddress } from '../../shared/files.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { writePoint } from '../telemetry/api.ts';
import { LiveIndicator } from '../telemetry/RealtimeTab.tsx';
import { type ScadaDetail, screenOf } from './api.ts';
import { Background, PlacedShape, type Reading, readingText, ShapeBody } from './shapes.tsx';
import { readingKey, useBoundValues } from './useBoundValues.ts';
import { useFit } from './useFit.ts';
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
  const values = useBoundValues(screen.document);
  const { box, scale } = useFit(screen.document.width);
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

  const bound = doc.elements.filter((e) => e.binding);
  return (
    <Flex vertical gap={12} data-testid="scada-viewer">
      <Card
        size="small"
        title={screen.name}
        extra={
          <Space>
            <LiveIndicator />
            {screen.editable && (
              <Link to={`/scada/${screen.id}/edit`}>
                <Button icon={<EditOutlined />}>{t('scada.edit')}</Button>
              </Link>
            )}
          </Space>
        }
      >
        <div ref={box} style={{ width: '100%', overflow: 'hidden' }} data-testid="scada-stage">
          <Stage
            width={doc.width * scale}
            height={doc.height * scale}
            scaleX={scale}
            scaleY={scale}
            style={{ background: '#ffffff' }}
          >
            <Layer listening={false}>
              <Background src={fileAddress(doc.background)} width={doc.width} height={doc.height} />
            </Layer>
            <Layer>
              {doc.elements.map((element) => (
                <PlacedShape
                  key={element.id}
                  element={element}
                  listening={element.kind === 'button'}
                  onClick={() => press(element)}
                  onTap={() => press(element)}
                >
                  <ShapeBody element={element} value={readingOf(element)} none={t('scada.noValue')} />
                </PlacedShape>
              ))}
            </Layer>
          </Stage>
        </div>
      </Card>
      {bound.length > 0 && (
        <Card size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            data-testid="scada-readings"
            items={bound.map((element) => ({
              key: element.id,
              label: element.text || t(`scada.kinds.${element.kind}`),
              children: (
                <Typography.Text strong data-testid={`scada-reading-${element.id}`}>
                  {readingText(element, readingOf(element), t('scada.noValue'))}
                </Typography.Text>
              ),
            }))}
          />
        </Card>
      )}
    </Flex>
  );
}

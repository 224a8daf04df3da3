import { ApartmentOutlined, EditOutlined, HistoryOutlined, ShareAltOutlined } from '@ant-design/icons';
import { SCADA_TOGGLES, type ScadaElement } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Result, Select, Space, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/errors.ts';
import { notifyError } from '../../shared/feedback.tsx';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { LiveIndicator } from '../telemetry/RealtimeTab.tsx';
import { ApplicationDialog } from './ApplicationDialog.tsx';
import { pressOn, type ScadaDetail, screenOf, trendsOf } from './api.ts';
import { TrendSeeds, trendSeedsOf } from './palette.tsx';
import { Readings, ScreenStage } from './ScreenStage.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { activeOf } from './shapes.tsx';
import { useBoundValues } from './useBoundValues.ts';
import { useRollBack, VersionsDrawer } from './VersionsDrawer.tsx';
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
  // A template-based screen opens for one of its applied devices (decision 0120): `?device=`.
  const [search, setSearch] = useSearchParams();
  const device = search.get('device') ? Number(search.get('device')) : undefined;
  // The published version, unless an editor opened a kept one from the version list (decision 0127).
  const version = search.get('version') ? Number(search.get('version')) : undefined;
  const { can, isPending } = usePermissions();
  const allowed = can({ path: SCADA, code: 'view' }) || can({ path: SCADA, code: 'operate' });
  const screen = useQuery({
    queryKey: ['iot', 'scada', id, device ?? null, version ?? 'published'],
    queryFn: ({ signal }) => screenOf(id, signal, device, version),
    enabled: allowed,
    meta: { silentError: true },
  });
  const first = device === undefined ? screen.data?.devices?.[0]?.id : undefined;
  const withDevice = (next: number) => ({
    device: String(next),
    ...(version === undefined ? {} : { version: String(version) }),
  });
  useEffect(() => {
    if (first !== undefined)
      setSearch(
        { device: String(first), ...(version === undefined ? {} : { version: String(version) }) },
        { replace: true },
      );
  }, [first, setSearch, version]);
  if (isPending) return <PageLoading />;
  if (!allowed || (screen.error instanceof ApiError && screen.error.httpStatus === 403)) return <NoPermission />;
  if (screen.isError) {
    return <LoadFailed error={screen.error} onRetry={() => screen.refetch()} retrying={screen.isFetching} />;
  }
  if (!screen.data) return <PageLoading />;
  return (
    <Viewer
      screen={screen.data}
      canOperate={can({ path: SCADA, code: 'operate' })}
      oldVersion={version !== undefined && version !== screen.data.publishedVersion}
      onDevice={(next) => setSearch(withDevice(next))}
    />
  );
}

function Viewer({
  screen,
  canOperate,
  oldVersion,
  onDevice,
}: {
  screen: ScadaDetail;
  canOperate: boolean;
  /** A kept version, not the published one: read only, nothing written (decision 0127). */
  oldVersion: boolean;
  onDevice(device: number): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [sharing, setSharing] = useState(false);
  const [applying, setApplying] = useState(false);
  const [versions, setVersions] = useState(false);
  const rollBackTo = useRollBack(screen);
  const navigate = useNavigate();
  const values = useBoundValues(screen.document);
  const doc = screen.document;
  // The trends start from their points' stored past (decision 0148); live values follow on.
  const trends = useQuery({
    queryKey: ['iot', 'scada', screen.id, 'trends', screen.device, screen.version],
    queryFn: ({ signal }) =>
      trendsOf(screen.id, signal, screen.device ?? undefined, oldVersion ? screen.version : undefined),
    enabled: doc.elements.some((e) => e.kind === 'trend' && e.binding),
    refetchOnWindowFocus: false,
    meta: { silentError: true },
  });
  const seeds = useMemo(() => trendSeedsOf(trends.data ?? []), [trends.data]);

  // Only an operator's screen listens to clicks (decision 0117); the server checks the permission again.
  const press = (element: ScadaElement) => {
    if (!element.binding) return;
    const name = element.text || t(`scada.kinds.${element.kind}`);
    let value: number | null = null;
    let title: string;
    if (SCADA_TOGGLES.includes(element.kind)) {
      value = activeOf(values.readingOf(element)) ? 0 : 1;
      title = t('scada.switchAsk', { point: name, state: t(value ? 'scada.on' : 'scada.off') });
    } else {
      if (element.writeValue === null) return;
      title = t('scada.writeAsk', { point: name, value: String(element.writeValue) });
    }
    confirm({ title, okText: t('data.write.send') }, async () => {
      try {
        await pressOn(screen.id, { elementId: element.id, value, deviceId: screen.device });
        message.success(t('scada.written'));
      } catch (error) {
        notifyError(error);
      }
    });
  };

  return (
    <Flex vertical gap={12} data-testid="scada-viewer">
      <Card
        size="small"
        title={screen.name}
        extra={
          <Space>
            {screen.devices && screen.devices.length > 0 && (
              <Select
                aria-label={t('scada.openFor')}
                value={screen.device ?? undefined}
                onChange={onDevice}
                style={{ minWidth: 160 }}
                data-testid="scada-device-pick"
                options={screen.devices.map((d) => ({ value: d.id, label: d.name }))}
              />
            )}
            {!canOperate && <Tag data-testid="scada-view-only">{t('scada.cannotOperate')}</Tag>}
            {screen.editable && !oldVersion && (
              <Tag color="green" data-testid="scada-published-tag">
                {t('scada.publishedTag', { number: screen.publishedVersion })}
              </Tag>
            )}
            {screen.editable && screen.draftVersion !== screen.publishedVersion && (
              <Tag color="blue" data-testid="scada-draft-ahead">
                {t('scada.draftAhead', { number: screen.draftVersion })}
              </Tag>
            )}
            <LiveIndicator />
            {screen.editable && (
              <Button icon={<HistoryOutlined />} onClick={() => setVersions(true)} data-testid="scada-versions-button">
                {t('scada.versions')}
              </Button>
            )}
            {screen.editable && (
              <Button icon={<ApartmentOutlined />} onClick={() => setApplying(true)} data-testid="scada-apply-button">
                {t('scada.apply')}
              </Button>
            )}
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
        {oldVersion && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="scada-old-version"
            message={t('scada.viewingVersion', { number: screen.version })}
            action={
              <Space wrap>
                <Button size="small" type="primary" onClick={() => rollBackTo(screen.version)}>
                  {t('scada.rollBack')}
                </Button>
                <Button size="small" onClick={() => navigate(`/scada/${screen.id}/view`)}>
                  {t('scada.backToPublished')}
                </Button>
              </Space>
            }
          />
        )}
        {screen.devices && screen.devices.length === 0 ? (
          <Empty description={t('scada.notAppliedAny')} data-testid="scada-not-applied" />
        ) : (
          <TrendSeeds.Provider value={seeds}>
            <ScreenStage
              document={doc}
              values={values}
              onPress={canOperate && !oldVersion ? press : undefined}
              onOpen={(element) => element.opens !== null && navigate(`/scada/${element.opens}/view`)}
            />
          </TrendSeeds.Provider>
        )}
      </Card>
      <Readings document={doc} values={values} />
      {applying && <ApplicationDialog screen={screen} onClose={() => setApplying(false)} />}
      {versions && <VersionsDrawer screen={screen} onClose={() => setVersions(false)} />}
      {sharing && <ShareDialog id={screen.id} name={screen.name} onClose={() => setSharing(false)} />}
    </Flex>
  );
}

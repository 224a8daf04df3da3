import {
  AlertOutlined,
  ControlOutlined,
  DashboardOutlined,
  FullscreenOutlined,
  HomeOutlined,
  LogoutOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { BigscreenView } from '@meridian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ConfigProvider, Flex, Result, Skeleton, Tabs, theme } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveLanguage, useAccountLanguage, useUserInfo } from '../../shared/auth.ts';
import { fileAddress } from '../../shared/files.ts';
import { LanguageSwitch } from '../../shared/LanguageSwitch.tsx';
import { MeridianMark } from '../../shared/PlatformMark.tsx';
import { RequireSession } from '../../shared/RequireSession.tsx';
import { useRouteTitle } from '../../shared/routing.ts';
import { ScaledWall } from '../../shared/ScaledWall.tsx';
import { liveClient, useLiveState } from '../telemetry/useLive.ts';
import { bigscreenKey, bigscreenOf } from './api.ts';
import { WALL } from './charts.ts';
import { AlarmsTab, DevicesTab, FeedTab, OverviewTab } from './panels.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';

const TABS = ['overview', 'alarms', 'devices', 'feed'] as const;
type Tab = (typeof TABS)[number];

/** The large-screen monitor opens only for a signed-in user, outside Device Cloud's frame. */
export function BigscreenPage() {
  return (
    <RequireSession>
      <ConfigProvider theme={{ algorithm: theme.darkAlgorithm, token: { colorBgContainer: 'transparent' } }}>
        <Monitor />
      </ConfigProvider>
    </RequireSession>
  );
}

/**
 * Follows the monitor's devices on the live socket: a device entering alarm refreshes the figures
 * and the feed at once rather than at the next interval. Returns the ids of alarms that came in
 * since the page opened, to mark them as new.
 */
function useAlarmArrivals(data: BigscreenView | undefined) {
  const queryClient = useQueryClient();
  const followed = data?.followed.join(',') ?? '';
  useEffect(() => {
    if (!followed) return;
    const client = liveClient();
    const stops = followed.split(',').map((id) =>
      client.follow(Number(id), (update) => {
        if (update.type === 'status' && update.status === 'alarm')
          void queryClient.invalidateQueries({ queryKey: bigscreenKey });
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [followed, queryClient]);
  const seen = useRef<Set<number> | null>(null);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (!data) return;
    const ids = data.recent.map((a) => a.id);
    if (seen.current === null) {
      seen.current = new Set(ids);
      return;
    }
    const known = seen.current;
    const arrived = ids.filter((id) => !known.has(id));
    for (const id of arrived) known.add(id);
    if (arrived.length) setFresh((previous) => new Set([...previous, ...arrived]));
  }, [data]);
  return fresh;
}

function Monitor() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  useAccountLanguage(user.data);
  useRouteTitle('appName');
  const [tab, setTab] = useState<Tab>('overview');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [refreshMs, setRefreshMs] = useState(30_000);
  const view = useQuery({
    queryKey: bigscreenKey,
    queryFn: ({ signal }) => bigscreenOf(signal),
    refetchInterval: refreshMs,
  });
  const data = view.data;
  useEffect(() => {
    if (data) setRefreshMs(data.settings.refreshSeconds * 1000);
  }, [data]);
  const fresh = useAlarmArrivals(data);
  const live = useLiveState();
  const logo = fileAddress(data?.settings.logo);
  const title = data?.settings.title || t('bigscreen.defaultTitle');
  const exit = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    navigate('/');
  };
  const menuButton = (key: string, icon: ReactNode, onClick: () => void, active = false) => (
    <Button
      key={key}
      type={active ? 'primary' : 'text'}
      ghost={active}
      icon={icon}
      size="large"
      data-testid={`bigscreen-menu-${key}`}
      onClick={onClick}
      style={{ color: active ? WALL.accent : WALL.text, fontSize: 18 }}
    >
      {t(`bigscreen.menu.${key}`)}
    </Button>
  );
  return (
    <ScaledWall
      testId="bigscreen"
      canvasTestId="bigscreen-wall"
      ground={WALL.ground}
      style={{ color: WALL.text, background: `radial-gradient(ellipse at top, #0c2a5c 0%, ${WALL.ground} 65%)` }}
    >
      <header
        style={{
          height: 96,
          display: 'grid',
          gridTemplateColumns: '1fr auto 1fr',
          alignItems: 'center',
          borderBottom: `2px solid ${WALL.line}`,
        }}
      >
        <Flex gap={8}>
          {menuButton('home', <HomeOutlined />, () => setTab('overview'), tab === 'overview')}
          {menuButton('monitoring', <DashboardOutlined />, () => setTab('devices'), tab === 'devices')}
          {menuButton('management', <ControlOutlined />, () =>
            window.open(`${window.location.origin}/iot/`, '_blank', 'noopener'),
          )}
        </Flex>
        <Flex align="center" gap={16} justify="center">
          {logo ? (
            <img
              src={logo}
              alt=""
              data-testid="bigscreen-logo"
              style={{ height: 48, maxWidth: 200, objectFit: 'contain' }}
            />
          ) : (
            <MeridianMark size={44} />
          )}
          <h1
            data-testid="bigscreen-title"
            style={{
              margin: 0,
              fontSize: 40,
              letterSpacing: 4,
              fontWeight: 600,
              color: '#fff',
              whiteSpace: 'nowrap',
            }}
          >
            {title}
          </h1>
        </Flex>
        <Flex gap={8} justify="flex-end" align="center">
          <span data-testid="bigscreen-live" style={{ color: live === 'live' ? '#52c41a' : WALL.dim, marginRight: 8 }}>
            ● {t(`bigscreen.live.${live}`)}
          </span>
          <Button
            type="text"
            size="large"
            icon={<FullscreenOutlined />}
            aria-label="fullscreen"
            style={{ color: WALL.text }}
            onClick={() => void document.documentElement.requestFullscreen?.()}
          />
          <ConfigProvider
            theme={{
              components: {
                Segmented: {
                  trackBg: WALL.panel,
                  itemColor: WALL.dim,
                  itemSelectedBg: WALL.line,
                  itemSelectedColor: '#fff',
                },
              },
            }}
          >
            <LanguageSwitch size="middle" onChanged={saveLanguage} />
          </ConfigProvider>
          {menuButton('setting', <SettingOutlined />, () => setSettingsOpen(true))}
          {menuButton('exit', <LogoutOutlined />, exit)}
        </Flex>
      </header>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        size="large"
        data-testid="bigscreen-tabs"
        tabBarExtraContent={
          <span data-testid="bigscreen-updated" style={{ color: WALL.dim, fontSize: 15 }}>
            {view.dataUpdatedAt > 0 &&
              t('bigscreen.updatedAt', {
                seconds: refreshMs / 1000,
                time: dayjs(view.dataUpdatedAt).format('HH:mm:ss'),
              })}
          </span>
        }
        items={TABS.map((key) => ({
          key,
          label: (
            <span style={{ fontSize: 20 }}>
              {key === 'feed' && <AlertOutlined style={{ marginRight: 6 }} />}
              {t(`bigscreen.tabs.${key}`)}
            </span>
          ),
        }))}
        style={{ marginTop: 8 }}
      />
      <div style={{ flex: 1, minHeight: 0 }}>
        {view.isError && !data ? (
          <Result status="warning" title={t('bigscreen.loadFailed')} subTitle={view.error.message} />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 12 }} />
        ) : tab === 'overview' ? (
          <OverviewTab data={data} fresh={fresh} />
        ) : tab === 'alarms' ? (
          <AlarmsTab data={data} />
        ) : tab === 'devices' ? (
          <DevicesTab refreshMs={refreshMs} />
        ) : (
          <FeedTab data={data} fresh={fresh} />
        )}
      </div>
      {data && <SettingsDrawer open={settingsOpen} settings={data.settings} onClose={() => setSettingsOpen(false)} />}
    </ScaledWall>
  );
}

import { SearchOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Input, Row, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Text, Title } from '../../shared/typography.tsx';
import { pageWidth } from '../layout/pageWidth.ts';
import { useSignedInUser } from '../signedInUser.ts';
import { AdministrationLink } from '../system/entry.tsx';
import { AppTile } from './AppTile.tsx';
import { appMenu, type MenuApp, myFavourites, saveFavourites } from './api.ts';

const FAVOURITES = ['launcher', 'favourites'] as const;

function greetingKey(hour: number): string {
  if (hour < 6) return 'launcher.greeting.night';
  if (hour < 12) return 'launcher.greeting.morning';
  if (hour < 18) return 'launcher.greeting.afternoon';
  return 'launcher.greeting.evening';
}

const matches = (app: MenuApp, words: string) =>
  !words || `${app.appName} ${app.appCode}`.toLowerCase().includes(words.toLowerCase());

/**
 * The app launcher, the portal's home once signed in: the apps the user may open, grouped by
 * category, with their favourites pinned on top and a search over all of them.
 */
export function LauncherPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const words = useDeferredValue(search.trim());
  const menu = useQuery({ queryKey: ['launcher', 'menu'], queryFn: ({ signal }) => appMenu(signal) });
  const favourites = useQuery({ queryKey: FAVOURITES, queryFn: ({ signal }) => myFavourites(signal) });
  const save = useMutation({
    mutationFn: (next: MenuApp[]) => saveFavourites(next.map((app) => app.appId)),
    // The star turns at once; a refused save puts it back.
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: FAVOURITES });
      const before = queryClient.getQueryData<MenuApp[]>(FAVOURITES);
      queryClient.setQueryData(FAVOURITES, next);
      return { before };
    },
    onError: (_error, _next, context) => queryClient.setQueryData(FAVOURITES, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVOURITES }),
  });

  // A default password must be changed before anything else (the account centre says why).
  if (user.defaultPass) return <Navigate to="/accountCenter?tab=password" replace />;

  const pinned = favourites.data ?? [];
  const isFavourite = (app: MenuApp) => pinned.some((f) => f.appId === app.appId);
  const toggle = (app: MenuApp) =>
    save.mutate(isFavourite(app) ? pinned.filter((f) => f.appId !== app.appId) : [...pinned, app]);
  const tiles = (apps: MenuApp[]) => (
    <Row gutter={[16, 16]}>
      {apps.map((app) => (
        <Col key={app.appId} xs={24} sm={12} lg={8}>
          <AppTile app={app} favourite={isFavourite(app)} onToggleFavourite={toggle} saving={save.isPending} />
        </Col>
      ))}
    </Row>
  );
  const groups = (menu.data ?? [])
    .map((group) => ({ ...group, list: group.list.filter((app) => matches(app, words)) }))
    .filter((group) => group.list.length > 0);
  const shownFavourites = pinned.filter((app) => matches(app, words));
  const noApps = menu.isSuccess && menu.data.every((group) => group.list.length === 0);

  return (
    <div data-testid="portal-home">
      <section style={{ background: 'linear-gradient(180deg, #e4edfc 0%, #f3f5f9 100%)', padding: '40px 0 32px' }}>
        <Flex style={pageWidth} justify="space-between" align="flex-end" wrap gap={24}>
          <div>
            <Title level={2} style={{ marginBottom: 6 }}>
              {t(greetingKey(dayjs().hour()), { name: user.nickname })}
            </Title>
            <Text type="secondary" style={{ fontSize: 15 }}>
              {t('launcher.intro', { date: dayjs().format(t('launcher.dateFormat')) })}
            </Text>
          </div>
          <Flex gap={12} wrap>
            <AdministrationLink />
            <Input
              allowClear
              size="large"
              data-testid="app-search"
              prefix={<SearchOutlined style={{ color: '#8a94a6' }} />}
              placeholder={t('launcher.search')}
              aria-label={t('launcher.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              style={{ width: 320, maxWidth: '100%' }}
            />
          </Flex>
        </Flex>
      </section>
      <Flex vertical gap={32} style={{ ...pageWidth, paddingTop: 8, paddingBottom: 48 }}>
        {menu.isPending ? (
          <LauncherSkeleton />
        ) : menu.isError ? (
          <Card>
            <Empty description={t('launcher.failed')}>
              <Button onClick={() => menu.refetch()} loading={menu.isFetching}>
                {t('launcher.retry')}
              </Button>
            </Empty>
          </Card>
        ) : noApps ? (
          <Card>
            <Empty data-testid="no-apps" description={t('launcher.noApps')} />
          </Card>
        ) : (
          <>
            {!words && (
              <Section testId="favourites" title={t('launcher.favourites')} count={pinned.length}>
                {pinned.length > 0 ? (
                  tiles(pinned)
                ) : (
                  <Card size="small" styles={{ body: { padding: '20px 24px' } }}>
                    <Text type="secondary">{t('launcher.noFavourites')}</Text>
                  </Card>
                )}
              </Section>
            )}
            {words && shownFavourites.length > 0 && (
              <Section testId="favourites" title={t('launcher.favourites')} count={shownFavourites.length}>
                {tiles(shownFavourites)}
              </Section>
            )}
            {groups.map((group) => (
              <Section key={group.code} testId={`group-${group.code}`} title={group.name} count={group.list.length}>
                {tiles(group.list)}
              </Section>
            ))}
            {words && groups.length === 0 && (
              <Card>
                <Empty data-testid="no-match" description={t('launcher.noMatch', { words })} />
              </Card>
            )}
          </>
        )}
      </Flex>
    </div>
  );
}

function Section({
  testId,
  title,
  count,
  children,
}: {
  testId: string;
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section data-testid={testId}>
      <Flex align="baseline" gap={8} style={{ marginBottom: 14 }}>
        <Title level={5} style={{ margin: 0 }}>
          {title}
        </Title>
        <Text type="secondary">{count}</Text>
      </Flex>
      {children}
    </section>
  );
}

function LauncherSkeleton() {
  return (
    <Row gutter={[16, 16]} data-testid="launcher-loading">
      {[1, 2, 3, 4].map((n) => (
        <Col key={n} xs={24} sm={12} lg={8}>
          <Card>
            <Skeleton avatar active paragraph={{ rows: 1 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError, errorText } from '../../shared/errors.ts';
import { LanguageSwitch } from '../../shared/LanguageSwitch.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { useRouteTitle } from '../../shared/routing.ts';
import { sharedScreen } from './api.ts';
import { TrendSeeds, trendSeedsOf } from './palette.tsx';
import { Readings, ScreenStage } from './ScreenStage.tsx';
import { readingKey, ValueStore } from './valueStore.ts';
import './strings.ts';

/** How often a shared screen asks for its values again: the visitor has no session for the live socket. */
const SHARED_REFRESH_MS = 2_000;
const NO_SEEDS: ReadonlyMap<string, readonly number[]> = new Map();

/** A refusal of the link that asks for its password (none given, or a wrong one). */
const asksPassword = (error: unknown) =>
  error instanceof ApiError && typeof error.data === 'object' && error.data !== null && 'password' in error.data;

/**
 * A configuration opened through its shared link (decision 0099), without signing in: read only, its
 * values refreshed every few seconds. A closed, unknown or expired link, or a wrong password, is
 * refused with its sentence in the visitor's language.
 */
export function SharedScadaPage() {
  const { t, i18n } = useTranslation();
  useRouteTitle('appName');
  // In the fragment, which no server receives or logs.
  const token = new URLSearchParams(useLocation().hash.slice(1)).get('link') ?? '';
  const [password, setPassword] = useState('');
  const screen = useQuery({
    // The language is in the key so that a refusal is asked again, and said, in the language chosen.
    queryKey: ['iot', 'scada-shared', token, password, i18n.language],
    queryFn: ({ signal }) => sharedScreen(token, password, signal),
    enabled: token !== '',
    refetchInterval: (query) => (query.state.error ? false : SHARED_REFRESH_MS),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silentError: true },
  });
  const [values] = useState(() => new ValueStore());
  const polled = screen.data?.values;
  useEffect(() => {
    values.replace(new Map((polled ?? []).map((v) => [readingKey(v.deviceId, v.pointId), v.value])));
  }, [polled, values]);
  // The trends' stored past of the first answer (decision 0148); the values polled after it extend the lines.
  const [seeds, setSeeds] = useState<ReadonlyMap<string, readonly number[]>>();
  const trends = screen.data?.trends;
  useEffect(() => {
    if (trends) setSeeds((before) => before ?? trendSeedsOf(trends));
  }, [trends]);

  let body: React.ReactNode;
  if (token === '') body = <Refused text={t('scada.sharedNoLink')} />;
  else if (screen.error && asksPassword(screen.error))
    body = <PasswordForm refusal={errorText(screen.error)} onEnter={setPassword} />;
  else if (screen.error) body = <Refused text={errorText(screen.error)} />;
  else if (!screen.data) body = <PageLoading />;
  else
    body = (
      <Flex vertical gap={12} data-testid="scada-shared">
        <Card
          size="small"
          title={screen.data.name}
          extra={<Typography.Text type="secondary">{t('scada.sharedTitle')}</Typography.Text>}
        >
          <TrendSeeds.Provider value={seeds ?? NO_SEEDS}>
            <ScreenStage document={screen.data.document} values={values} />
          </TrendSeeds.Provider>
        </Card>
        <Readings document={screen.data.document} values={values} />
      </Flex>
    );
  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa', padding: 16 }}>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <LanguageSwitch />
      </Flex>
      <div style={{ maxWidth: 1920, margin: '0 auto' }}>{body}</div>
    </div>
  );
}

function Refused({ text }: { text: string }) {
  return <Result status="warning" title={<span data-testid="scada-shared-refused">{text}</span>} />;
}

/** The link's password: asked when the link has one, asked again with the refusal after a wrong one. */
function PasswordForm({ refusal, onEnter }: { refusal: string; onEnter(password: string): void }) {
  const { t } = useTranslation();
  return (
    <Card style={{ maxWidth: 400, margin: '48px auto' }}>
      <Form layout="vertical" name="scada-shared-password" onFinish={(v: { password: string }) => onEnter(v.password)}>
        <Typography.Paragraph data-testid="scada-shared-refused">{refusal}</Typography.Paragraph>
        <Form.Item name="password" label={t('scada.sharedPassword')} rules={[{ required: true, message: refusal }]}>
          <Input.Password autoFocus data-testid="scada-shared-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block data-testid="scada-shared-enter">
          {t('scada.sharedEnter')}
        </Button>
      </Form>
    </Card>
  );
}

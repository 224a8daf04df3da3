import type { OnvifFound, OnvifProfile } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Form, Input, List, Modal, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/errors.ts';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { type CameraInput, discoverOnvif, onvifProfiles, withCredentials } from './api.ts';
import './onvif-strings.ts';

/** The camera form's start: the stream the user chose, with the camera's credentials, bound to its gateway. */
export type CameraPrefill = Pick<CameraInput, 'name' | 'streamUrl' | 'deviceIds'>;

/**
 * Find ONVIF cameras on a gateway's LAN (decision 0160): the gateway probes, the user picks a
 * camera and gives its credentials, the gateway asks it for its streams, and the chosen stream
 * opens the camera form filled in.
 */
export function OnvifDialog({ onPick, onClose }: { onPick(prefill: CameraPrefill): void; onClose(): void }) {
  const { t } = useTranslation();
  const [gatewayId, setGatewayId] = useState<number>();
  const [camera, setCamera] = useState<OnvifFound | null>(null);
  const [credentials, setCredentials] = useState({ username: 'admin', password: '' });
  const [profile, setProfile] = useState<string>();
  const search = useMutation({ mutationFn: discoverOnvif, meta: { silentError: true } });
  const streams = useMutation({ mutationFn: onvifProfiles, meta: { silentError: true } });
  const found = search.data?.cameras;
  const profiles = streams.data?.profiles;
  const chosen = profiles?.find((p) => p.token === profile);
  const pickCamera = (c: OnvifFound | null) => {
    setCamera(c);
    streams.reset();
    setProfile(undefined);
  };
  const use = () => {
    if (!chosen || !camera || gatewayId === undefined) return;
    onPick({
      name: (camera.name ?? camera.hardware ?? t('onvif.unnamed')).slice(0, 40),
      streamUrl: withCredentials(chosen.uri, credentials.username, credentials.password),
      deviceIds: [gatewayId],
    });
  };
  return (
    <Modal
      open
      title={t('onvif.title')}
      onCancel={onClose}
      footer={
        chosen ? (
          <Button type="primary" onClick={use} data-testid="onvif-use">
            {t('onvif.use')}
          </Button>
        ) : null
      }
      destroyOnHidden
      width={640}
    >
      <Flex vertical gap={16} data-testid="onvif-dialog">
        <Typography.Text type="secondary">{t('onvif.hint')}</Typography.Text>
        <Flex gap={8} wrap>
          <DeviceSelect
            style={{ flex: 1, minWidth: 220 }}
            placeholder={t('onvif.gateway')}
            value={gatewayId}
            onChange={(id) => {
              setGatewayId(id);
              search.reset();
              pickCamera(null);
            }}
            data-testid="onvif-gateway"
          />
          <Button
            type="primary"
            disabled={gatewayId === undefined}
            loading={search.isPending}
            onClick={() => {
              pickCamera(null);
              if (gatewayId !== undefined) search.mutate(gatewayId);
            }}
            data-testid="onvif-search"
          >
            {t('onvif.search')}
          </Button>
        </Flex>
        {search.isPending && <Spin tip={t('onvif.searching')}>{<div style={{ height: 48 }} />}</Spin>}
        {search.error && <Alert type="error" showIcon message={errorText(search.error)} data-testid="onvif-error" />}
        {found && !camera && (
          <List<OnvifFound>
            header={found.length ? t('onvif.found', { count: found.length }) : undefined}
            locale={{ emptyText: <Empty description={t('onvif.none')} /> }}
            dataSource={found}
            data-testid="onvif-found"
            renderItem={(c) => (
              <List.Item
                actions={[
                  <Button key="pick" size="small" onClick={() => pickCamera(c)} data-testid="onvif-pick">
                    {t('onvif.pick')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={c.name ?? t('onvif.unnamed')}
                  description={[c.hardware, c.xaddrs[0]].filter(Boolean).join(' · ')}
                />
              </List.Item>
            )}
          />
        )}
        {camera && gatewayId !== undefined && (
          <Flex vertical gap={12}>
            <Flex justify="space-between" align="center" wrap>
              <Typography.Text strong>
                {camera.name ?? t('onvif.unnamed')}{' '}
                <Typography.Text type="secondary">{camera.xaddrs[0]}</Typography.Text>
              </Typography.Text>
              <Button type="link" size="small" onClick={() => pickCamera(null)}>
                {t('onvif.back')}
              </Button>
            </Flex>
            <Form
              layout="inline"
              initialValues={credentials}
              onFinish={(values: { username: string; password?: string }) => {
                const next = { username: values.username.trim(), password: values.password ?? '' };
                setCredentials(next);
                setProfile(undefined);
                streams.mutate({ deviceId: gatewayId, xaddr: camera.xaddrs[0] ?? '', ...next });
              }}
            >
              <Form.Item name="username" rules={[{ required: true, whitespace: true, max: 64 }]}>
                <Input placeholder={t('onvif.username')} autoComplete="off" data-testid="onvif-username" />
              </Form.Item>
              <Form.Item name="password" rules={[{ max: 64 }]}>
                <Input.Password
                  placeholder={t('onvif.password')}
                  autoComplete="new-password"
                  data-testid="onvif-password"
                />
              </Form.Item>
              <Form.Item>
                <Button htmlType="submit" loading={streams.isPending} data-testid="onvif-streams">
                  {t('onvif.streams')}
                </Button>
              </Form.Item>
            </Form>
            <Typography.Text type="secondary">{t('onvif.passwordNote')}</Typography.Text>
            {streams.isPending && <Spin tip={t('onvif.asking')}>{<div style={{ height: 48 }} />}</Spin>}
            {streams.error && (
              <Alert type="error" showIcon message={errorText(streams.error)} data-testid="onvif-error" />
            )}
            {profiles && (
              <Radio.Group value={profile} onChange={(e) => setProfile(e.target.value)} data-testid="onvif-profiles">
                <Flex vertical gap={8}>
                  {profiles.map((p: OnvifProfile) => (
                    <Radio key={p.token} value={p.token}>
                      {p.name}
                      {p.width && p.height ? ` · ${t('onvif.resolution', { width: p.width, height: p.height })}` : ''}
                      {p.encoding ? ` · ${p.encoding}` : ''}
                      <Typography.Text type="secondary" style={{ display: 'block', wordBreak: 'break-all' }}>
                        {p.uri}
                      </Typography.Text>
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            )}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}

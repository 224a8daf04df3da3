import type { ScreenLink, ScreenLinkCreated } from '@meridian/contracts';
import { Alert, App, Button, Card, DatePicker, Form, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref } from 'react-router';
import { errorText } from '../../shared/errors.ts';
import { SchoolSelect } from '../../shared/people/SchoolSelect.tsx';
import './strings.ts';
import { useCreateLink, useLinks, useRevokeLink } from './api.ts';

const TONE: Record<ScreenLink['status'], string> = { active: 'green', expired: 'default', revoked: 'red' };

interface Draft {
  schoolId?: number;
  note?: string;
  expiresAt?: Dayjs | null;
}

/**
 * The school administrator's side of the school screen (decision 0091): publish the screen through
 * a signed link (optional note and expiry), see the links made, revoke one at once.
 */
export function ScreenLinksPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Draft>();
  const links = useLinks(true);
  const create = useCreateLink();
  const revoke = useRevokeLink();
  const [created, setCreated] = useState<ScreenLinkCreated | null>(null);
  const wallHref = useHref('/schoolScreen');
  const addressOf = (token: string) => `${window.location.origin}${wallHref}#link=${encodeURIComponent(token)}`;

  const submit = async (draft: Draft) => {
    const link = await create.mutateAsync({
      ...(draft.schoolId === undefined ? {} : { schoolId: draft.schoolId }),
      note: draft.note ?? '',
      expiresAt: draft.expiresAt ? draft.expiresAt.endOf('day').valueOf() : null,
    });
    setCreated(link);
    form.resetFields();
  };

  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa', padding: '32px 16px' }} data-testid="screen-links">
      <Card style={{ maxWidth: 1100, margin: '0 auto' }} title={t('scr.links.title')}>
        <Typography.Paragraph type="secondary">{t('scr.links.intro')}</Typography.Paragraph>
        <Form form={form} layout="inline" onFinish={(d) => void submit(d)} style={{ rowGap: 12, marginBottom: 16 }}>
          <Form.Item name="schoolId" label={t('scr.links.school')}>
            <SchoolSelect style={{ width: 220 }} testId="link-school" />
          </Form.Item>
          <Form.Item name="note" label={t('scr.links.note')}>
            <Input maxLength={60} placeholder={t('scr.links.notePlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="expiresAt" label={t('scr.links.expiry')}>
            <DatePicker
              placeholder={t('scr.links.never')}
              disabledDate={(d) => d.endOf('day').valueOf() < Date.now()}
              data-testid="link-expiry"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="link-create">
              {t('scr.links.create')}
            </Button>
          </Form.Item>
        </Form>
        {created && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="link-created"
            message={t('scr.links.created')}
            description={
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text code data-testid="link-address" style={{ wordBreak: 'break-all' }}>
                  {addressOf(created.token)}
                </Typography.Text>
                <Space>
                  <Button
                    onClick={() =>
                      void navigator.clipboard
                        ?.writeText(addressOf(created.token))
                        .then(() => message.success(t('scr.links.copied')))
                    }
                  >
                    {t('scr.links.copy')}
                  </Button>
                  <Button href={addressOf(created.token)} target="_blank">
                    {t('scr.links.open')}
                  </Button>
                </Space>
              </Space>
            }
          />
        )}
        <Typography.Title level={5}>{t('scr.links.list')}</Typography.Title>
        {links.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('scr.links.loadFailed', { reason: errorText(links.error) })}
            action={<Button onClick={() => void links.refetch()}>{t('scr.retry')}</Button>}
          />
        )}
        <Table<ScreenLink>
          rowKey="id"
          size="middle"
          data-testid="links-table"
          loading={links.isPending && !links.isError}
          dataSource={links.data?.list ?? []}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('scr.links.empty') }}
          columns={[
            { title: t('scr.links.note'), dataIndex: 'note', render: (v: string) => v || '—' },
            { title: t('scr.links.school'), dataIndex: 'schoolName' },
            {
              title: t('scr.links.createdAt'),
              dataIndex: 'createdAt',
              render: (v: number) => new Date(v).toLocaleString(),
            },
            { title: t('scr.links.createdBy'), dataIndex: 'createdBy' },
            {
              title: t('scr.links.expiry'),
              dataIndex: 'expiresAt',
              render: (v: number | null) => (v === null ? t('scr.links.never') : new Date(v).toLocaleString()),
            },
            {
              title: t('scr.links.status'),
              dataIndex: 'status',
              render: (v: ScreenLink['status']) => <Tag color={TONE[v]}>{t(`scr.links.state.${v}`)}</Tag>,
            },
            {
              title: t('scr.links.actions'),
              key: 'actions',
              render: (_: unknown, link) =>
                link.status === 'active' ? (
                  <Popconfirm
                    title={t('scr.links.revokeConfirm')}
                    onConfirm={() => revoke.mutateAsync(link.id).then(() => message.success(t('scr.links.revoked')))}
                  >
                    <Button danger size="small" data-testid={`link-revoke-${link.id}`}>
                      {t('scr.links.revoke')}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Card>
    </div>
  );
}

import { CONFIG_KINDS } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Popconfirm, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { ApplyModal } from './ApplyModal.tsx';
import { type ConfigKind, type ConfigProfileView, deleteProfile, listProfiles } from './api.ts';
import { ProfileForm } from './ProfileForm.tsx';

interface Filters {
  name?: string;
  kind?: ConfigKind;
}

/** What a profile sets, in one line. */
function summaryOf(p: ConfigProfileView, t: (key: string) => string): string {
  if (p.dtu)
    return `${p.dtu.baudRate} ${p.dtu.dataBits}${t(`config.parityShort.${p.dtu.parity}`)}${p.dtu.stopBits} · ${p.dtu.serverHost}:${p.dtu.serverPort}`;
  return p.mqtt?.document.replace(/\s+/g, ' ').slice(0, 60) ?? '';
}

/** Configuration Application: the caller's configuration profiles, added, edited, deleted and applied to devices. */
export function ProfilesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const queryClient = useQueryClient();
  const list = usePagedList<Filters, ConfigProfileView>(['iot', 'config', 'profiles'], listProfiles);
  const [editing, setEditing] = useState<ConfigProfileView | 'new' | null>(null);
  const [applying, setApplying] = useState<ConfigProfileView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot', 'config'] });
  const remove = useMutation({
    mutationFn: deleteProfile,
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('config.deleted'));
      void refresh();
    },
    onError: notifyError,
  });
  return (
    <Card data-testid="config-profiles-page" title={t('menu.config.application')}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" wrap gap={8}>
          <FilterForm<Filters> form={form} onSearch={list.search}>
            <Form.Item name="name">
              <Input allowClear placeholder={t('config.field.name')} style={{ width: 200 }} maxLength={40} />
            </Form.Item>
            <Form.Item name="kind">
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('config.field.kind')}
                options={CONFIG_KINDS.map((k) => ({ value: k, label: k.toUpperCase() }))}
              />
            </Form.Item>
          </FilterForm>
          <Button type="primary" data-testid="profile-add" onClick={() => setEditing('new')}>
            {t('config.form.add')}
          </Button>
        </Flex>
        <PagedTable<ConfigProfileView>
          list={list}
          data-testid="profile-list"
          size="small"
          rowKey="id"
          columns={[
            { title: t('config.field.name'), dataIndex: 'name' },
            { title: t('config.field.kind'), dataIndex: 'kind', render: (k: string) => k.toUpperCase() },
            { title: t('config.field.summary'), key: 'summary', render: (_v, p) => summaryOf(p, t) },
            {
              title: t('config.field.updatedAt'),
              dataIndex: 'updatedAt',
              render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: t('ui.actions'),
              key: 'actions',
              render: (_v, p) => (
                <Space size="small">
                  <Button type="link" size="small" data-testid={`apply-${p.id}`} onClick={() => setApplying(p)}>
                    {t('config.apply.action')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setEditing(p)}>
                    {t('ui.edit')}
                  </Button>
                  <Popconfirm title={t('config.confirmDelete')} onConfirm={() => remove.mutate(p.id)}>
                    <Button type="link" size="small" danger>
                      {t('ui.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      {editing && (
        <ProfileForm
          profile={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('config.saved'));
            void refresh();
          }}
        />
      )}
      {applying && (
        <ApplyModal
          profile={applying}
          onClose={() => setApplying(null)}
          onApplied={() => {
            setApplying(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

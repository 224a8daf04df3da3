import { PlusOutlined } from '@ant-design/icons';
import { conditionsText } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../shared/feedback.tsx';
import { currentLang } from '../../shared/i18n.ts';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { TemplateSelect } from '../components/lookups.tsx';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { deleteTrigger, enableTrigger, listTriggers, type TriggerFilters, type TriggerView } from './api.ts';
import { TriggerForm } from './TriggerForm.tsx';

/** Trigger List: every trigger of my devices and templates; the alarm switch and linkage at hand. */
export function TriggersPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TriggerFilters>();
  const [editing, setEditing] = useState<TriggerView | 'new' | null>(null);
  const list = usePagedList<TriggerFilters, TriggerView>(['iot', 'triggers'], listTriggers);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot', 'triggers'] });
  const enable = useMutation({
    mutationFn: (change: { id: number; alarmEnabled: boolean; linkageEnabled?: boolean }) =>
      enableTrigger(change.id, { alarmEnabled: change.alarmEnabled, linkageEnabled: change.linkageEnabled }),
    meta: { silentError: true },
    onSuccess: refresh,
    onError: notifyError,
  });
  const remove = (row: TriggerView) =>
    confirm(
      {
        title: t('alarms.trigger.deleteAsk', { name: row.name }),
        content: t('alarms.trigger.deleteHint'),
        okText: t('ui.delete'),
        danger: true,
      },
      async () => {
        await deleteTrigger(row.id);
        await refresh();
      },
    );
  const editable = can({ path: '/iot/triggers', code: 'edit' });

  return (
    <Card
      data-testid="triggers-page"
      title={t('menu.alarms.triggers')}
      extra={
        can({ path: '/iot/triggers', code: 'add' }) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="trigger-add">
            {t('alarms.trigger.add')}
          </Button>
        )
      }
    >
      <FilterForm<TriggerFilters>
        form={form}
        onSearch={(values) => {
          list.search(values);
          // Searching again with the same filters reads the newest state too.
          refresh();
        }}
        searchTestId="triggers-search"
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('alarms.trigger.keyword')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="deviceId">
          <DeviceSelect allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="templateId">
          <TemplateSelect placeholder={t('alarms.trigger.template')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="scope">
          <Select
            allowClear
            placeholder={t('alarms.trigger.scope')}
            style={{ width: 140 }}
            options={(['device', 'template'] as const).map((s) => ({ value: s, label: t(`alarms.scope.${s}`) }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<TriggerView>
        list={list}
        data-testid="triggers-table"
        rowKey="id"
        locale={{ emptyText: t('alarms.trigger.empty') }}
        pagination={{ showSizeChanger: false }}
        columns={[
          {
            title: t('alarms.trigger.name'),
            key: 'name',
            render: (_v, row) => (
              <Flex vertical gap={2}>
                <Typography.Text strong>{row.name}</Typography.Text>
                {row.suspended && (
                  <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid={`trigger-suspended-${row.id}`}>
                    {row.suspended}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('alarms.trigger.target'),
            key: 'target',
            render: (_v, row) =>
              row.scope === 'device' ? (
                <Flex gap={6} align="center">
                  <Tag>{t('alarms.scope.device')}</Tag>
                  <Link to={`/devices/${row.deviceId}`}>{row.deviceName}</Link>
                </Flex>
              ) : (
                <Flex gap={6} align="center">
                  <Tag color="blue">{t('alarms.scope.template')}</Tag>
                  {row.templateName}
                </Flex>
              ),
          },
          {
            title: t('alarms.trigger.conditions'),
            key: 'conditions',
            // "温度 > 30 ℃ (死区 2)": the point, operator, threshold with its unit and the dead zone.
            render: (_v, row) => (
              <span data-testid={`trigger-conditions-${row.id}`}>
                {conditionsText(row.conditions, row.join, row.points, row.deadZone, currentLang())}
              </span>
            ),
          },
          {
            title: t('alarms.trigger.pushInterval'),
            dataIndex: 'pushInterval',
            width: 130,
            render: (v: number) => (v === 0 ? t('alarms.trigger.once') : t('alarms.trigger.everyMinutes', { n: v })),
          },
          {
            title: t('alarms.trigger.alarmEnabled'),
            key: 'alarm',
            width: 110,
            render: (_v, row) => (
              <Switch
                size="small"
                checked={row.alarmEnabled}
                disabled={!editable}
                loading={enable.isPending && enable.variables?.id === row.id}
                data-testid={`trigger-enabled-${row.id}`}
                onChange={(on) => enable.mutate({ id: row.id, alarmEnabled: on })}
              />
            ),
          },
          {
            title: t('alarms.trigger.linkage'),
            key: 'linkage',
            width: 100,
            render: (_v, row) =>
              row.linkage.pointId === null ? (
                '-'
              ) : (
                <Tooltip title={row.alarmEnabled ? undefined : t('alarms.trigger.linkageNeedsAlarm')}>
                  <Switch
                    size="small"
                    checked={row.linkage.enabled}
                    disabled={!editable}
                    data-testid={`trigger-linkage-${row.id}`}
                    onChange={(on) => enable.mutate({ id: row.id, alarmEnabled: row.alarmEnabled, linkageEnabled: on })}
                  />
                </Tooltip>
              ),
          },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 140,
            render: (_v, row) => (
              <Flex>
                {editable && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing(row)}
                    data-testid={`trigger-edit-${row.id}`}
                  >
                    {t('ui.edit')}
                  </Button>
                )}
                {can({ path: '/iot/triggers', code: 'delete' }) && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => remove(row)}
                    data-testid={`trigger-delete-${row.id}`}
                  >
                    {t('ui.delete')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing && <TriggerForm trigger={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

import { DOCKING_KINDS, DOCKING_RECORD_STATES } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { time } from '../warnings/lookups.tsx';
import { type DockingRecord, dockingRecordPage, type RecordFilter, resendFailed } from './api.ts';
import { BatchesCard } from './BatchesCard.tsx';
import { useDockingCan } from './can.ts';
import { FixStudentDialog } from './FixStudentDialog.tsx';
import './strings.ts';

export const STATE_COLOR: Record<DockingRecord['state'], string> = {
  pending: 'processing',
  sent: 'success',
  failed: 'error',
  resend: 'warning',
};
/** Read again while something waits to be sent, so that the page shows the platform's answers. */
const REFRESH_MS = 2000;

/** `/data/upstreamRecord`: each record and batch sent up, the platform's reasons, resends and corrections. */
export function UpstreamRecordPage() {
  const { t } = useTranslation();
  const mayView = useDockingCan()('view');
  return (
    <ViewGuard may={mayView} testId="upstream-page" refusal={t('docking.noAccess')}>
      <Flex vertical gap={16} data-testid="upstream-page">
        <RecordsCard />
        <BatchesCard />
      </Flex>
    </ViewGuard>
  );
}

function RecordsCard() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const canEdit = useDockingCan()('edit');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RecordFilter>();
  const [fixing, setFixing] = useState<DockingRecord | null>(null);
  const list = usePagedList<RecordFilter, DockingRecord>(
    ['docking', 'records'],
    (query, signal) => dockingRecordPage(query, signal),
    { refetchInterval: REFRESH_MS },
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['docking'] });
  const resend = useMutation({
    mutationFn: resendFailed,
    onSuccess: (result) => {
      message.success(t('docking.records.resent', result));
      void refresh();
    },
    onError: notifyError,
  });
  return (
    <Card
      title={t('docking.records.title')}
      data-testid="upstream-records"
      extra={
        canEdit && (
          <Button
            danger
            data-testid="upstream-resend-all"
            loading={resend.isPending}
            onClick={() =>
              modal.confirm({
                title: t('docking.records.resendAllConfirm'),
                onOk: () => resend.mutateAsync(undefined),
              })
            }
          >
            {t('docking.records.resendAll')}
          </Button>
        )
      }
    >
      <FilterForm<RecordFilter> form={form} onSearch={list.search} searchTestId="upstream-search">
        <Form.Item name="keyword" label={t('docking.records.keyword')}>
          <Input allowClear maxLength={50} style={{ width: 180 }} data-testid="upstream-keyword" />
        </Form.Item>
        <Form.Item name="kind" label={t('docking.records.kindLabel')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('system.all')}
            options={DOCKING_KINDS.map((k) => ({ value: k, label: t(`docking.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('docking.records.stateLabel')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('system.all')}
            data-testid="upstream-state"
            options={DOCKING_RECORD_STATES.map((s) => ({ value: s, label: t(`docking.state.${s}`) }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<DockingRecord>
        list={list}
        live
        rowKey="id"
        scroll={{ x: 1350 }}
        locale={{ emptyText: t('docking.records.empty') }}
        onRow={(r) => ({ 'data-testid': `upstream-row-${r.key}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('docking.records.school'), dataIndex: 'schoolName', width: 130, ellipsis: true },
          { title: t('docking.records.student'), dataIndex: 'studentName', width: 100 },
          { title: t('docking.records.studentNo'), dataIndex: 'studentNo', width: 100 },
          {
            title: t('docking.records.idCard'),
            dataIndex: 'idCardMasked',
            width: 170,
            render: (id: string) => id || '-',
          },
          {
            title: t('docking.records.content'),
            key: 'content',
            width: 180,
            render: (_, r) => `${t(`docking.kind.${r.kind}`)} · ${r.summary}`,
          },
          {
            title: t('docking.records.state'),
            dataIndex: 'state',
            width: 280,
            // The platform's reason sits under the state, where the eye already is.
            render: (state: DockingRecord['state'], r) => (
              <Flex vertical gap={4} align="flex-start">
                <Tag color={STATE_COLOR[state]} data-testid="upstream-state-tag">
                  {t(`docking.state.${state}`)}
                </Tag>
                {r.reason && (
                  <Typography.Text type="danger" data-testid="upstream-reason" style={{ fontSize: 12 }}>
                    {r.reason}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          { title: t('docking.records.batch'), dataIndex: 'batchId', width: 70 },
          { title: t('docking.records.sends'), dataIndex: 'sends', width: 80 },
          { title: t('docking.records.sentAt'), dataIndex: 'sentAt', width: 150, render: time },
          {
            title: t('docking.records.actions'),
            key: 'actions',
            fixed: 'right',
            width: 200,
            render: (_, r) =>
              canEdit &&
              r.state === 'failed' && (
                <Flex gap={4} wrap>
                  <Button size="small" type="link" data-testid="upstream-fix" onClick={() => setFixing(r)}>
                    {t('docking.records.fix')}
                  </Button>
                  <Button size="small" type="link" data-testid="upstream-resend" onClick={() => resend.mutate([r.id])}>
                    {t('docking.records.resend')}
                  </Button>
                </Flex>
              ),
          },
        ]}
      />
      {fixing && <FixStudentDialog record={fixing} onClose={() => setFixing(null)} onDone={refresh} />}
    </Card>
  );
}

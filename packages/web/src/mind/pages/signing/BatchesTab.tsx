import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Progress, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { remindSignBatch, type SignBatch, type SignForm, signBatchPage, signFormPage } from './api.ts';
import { SendBatchModal } from './SendBatchModal.tsx';
import { StateTag } from './StateTag.tsx';

/** The forms of one batch: who signed, who is waiting and when they were last reminded. */
function BatchForms({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const forms = useQuery({
    queryKey: ['signing', 'forms', { batchId }],
    queryFn: ({ signal }) => signFormPage({ batchId, page: 1, size: 100 }, signal),
  });
  return (
    <Table<SignForm>
      size="small"
      rowKey="id"
      data-testid="signing-batch-forms"
      loading={forms.isLoading}
      dataSource={forms.data?.list ?? []}
      pagination={false}
      locale={{ emptyText: t('signing.empty') }}
      columns={[
        { title: t('signing.student'), dataIndex: 'studentName', width: 100 },
        { title: t('signing.recipient'), dataIndex: 'recipientName', width: 100 },
        { title: t('signing.state'), key: 'state', width: 90, render: (_v, f) => <StateTag state={f.state} /> },
        { title: t('signing.signedAt'), key: 'signedAt', width: 145, render: (_v, f) => timeText(f.signedAt) },
        {
          title: t('signing.batch.remindedAt'),
          key: 'remindedAt',
          width: 145,
          render: (_v, f) => timeText(f.remindedAt),
        },
      ]}
    />
  );
}

/** Forms sent to many at once: each batch's progress, its forms, and a reminder to those waiting. */
export function BatchesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/signature');
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const list = usePagedList<{ keyword?: string }, SignBatch>(['signing', 'batches'], signBatchPage);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['signing'] });
  const remind = useMutation({
    mutationFn: remindSignBatch,
    onSuccess: (r) => {
      message.success(t('signing.batch.reminded', { count: r.reminded }));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <>
      {can('add') && (
        <Flex justify="end" style={{ marginBottom: 16 }}>
          <Button type="primary" onClick={() => setSending(true)} data-testid="signing-batch-send">
            {t('signing.batch.send')}
          </Button>
        </Flex>
      )}
      <PagedTable<SignBatch>
        list={list}
        rowKey="id"
        data-testid="signing-batches"
        locale={{ emptyText: t('signing.batch.empty') }}
        scroll={{ x: 980 }}
        expandable={{ expandedRowRender: (b) => <BatchForms batchId={b.id} /> }}
        columns={[
          {
            title: t('signing.title'),
            key: 'title',
            width: 240,
            render: (_v, b) => (
              <Flex vertical>
                <Typography.Text>{b.title}</Typography.Text>
                <Typography.Text type="secondary">
                  {b.className ?? t('signing.batch.chosenStudents')} · v{b.templateVersion}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('signing.batch.progress'),
            key: 'progress',
            width: 300,
            render: (_v, b) => (
              <Flex vertical gap={2} data-testid="signing-batch-progress">
                <Progress
                  percent={b.sent === 0 ? 0 : Math.round((b.signed / b.sent) * 100)}
                  size="small"
                  status={b.pending === 0 ? 'success' : 'active'}
                />
                <Typography.Text type="secondary">
                  {t('signing.batch.counts', {
                    sent: b.sent,
                    signed: b.signed,
                    pending: b.pending,
                    withdrawn: b.withdrawn,
                  })}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('signing.batch.autoRemind'),
            key: 'remindAfterDays',
            width: 110,
            render: (_v, b) =>
              b.remindAfterDays === null ? (
                <Tag>{t('signing.batch.noAuto')}</Tag>
              ) : (
                t('signing.batch.everyDays', { count: b.remindAfterDays })
              ),
          },
          { title: t('signing.sentAt'), key: 'sentAt', width: 145, render: (_v, b) => timeText(b.sentAt) },
          {
            title: t('signing.batch.remindedAt'),
            key: 'remindedAt',
            width: 145,
            render: (_v, b) => timeText(b.remindedAt),
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 90,
            render: (_v, b) =>
              can('add') &&
              b.pending > 0 && (
                <Typography.Link
                  data-testid="signing-batch-remind"
                  disabled={remind.isPending}
                  onClick={() => remind.mutate(b.id)}
                >
                  {t('signing.batch.remind')}
                </Typography.Link>
              ),
          },
        ]}
      />
      {sending && (
        <SendBatchModal
          onClose={() => setSending(false)}
          onSent={({ skipped }) => {
            setSending(false);
            if (skipped.length === 0) message.success(t('signing.batch.sent'));
            else
              message.warning(
                t('signing.batch.sentSkipped', { names: skipped.map((s) => s.studentName).join('、') }),
                8,
              );
            void refresh();
          }}
        />
      )}
    </>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { DeleteLink } from '../lists.tsx';
import { downloadSignedPdf, type FormFilter, type SignForm, signFormPage, withdrawSignForm } from './api.ts';
import { BatchesTab } from './BatchesTab.tsx';
import { SendFormModal } from './SendFormModal.tsx';
import { StateTag } from './StateTag.tsx';
import { TemplatesTab } from './TemplatesTab.tsx';
import { VerifyModal } from './VerifyModal.tsx';
import './strings.ts';

/** The forms sent for the caller's students, with their state; send, withdraw, download, verify. */
function FormsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/signature');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'send' | 'verify' | null>(null);
  const list = usePagedList<FormFilter, SignForm>(['signing', 'forms'], signFormPage);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['signing', 'forms'] });
  const withdraw = useMutation({
    mutationFn: withdrawSignForm,
    onSuccess: () => {
      message.success(t('signing.withdrawn'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <>
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Form
          layout="inline"
          onFinish={(v: FormFilter) => list.search({ keyword: v.keyword?.trim() || undefined, state: v.state })}
        >
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('signing.keyword')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="state">
            <Select
              allowClear
              placeholder={t('signing.allStates')}
              style={{ width: 140 }}
              options={(['sent', 'signed', 'withdrawn'] as const).map((s) => ({
                value: s,
                label: t(`signing.states.${s}`),
              }))}
            />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">{t('signing.search')}</Button>
          </Form.Item>
        </Form>
        <Flex gap={8}>
          <Button onClick={() => setDialog('verify')} data-testid="signing-verify">
            {t('signing.verify')}
          </Button>
          {can('add') && (
            <Button type="primary" onClick={() => setDialog('send')} data-testid="signing-send">
              {t('signing.send')}
            </Button>
          )}
        </Flex>
      </Flex>
      <PagedTable<SignForm>
        list={list}
        rowKey="id"
        data-testid="signing-table"
        locale={{ emptyText: t('signing.empty') }}
        scroll={{ x: 1030 }}
        columns={[
          { title: t('signing.number'), dataIndex: 'number', width: 140 },
          { title: t('signing.title'), dataIndex: 'title', width: 220 },
          { title: t('signing.student'), dataIndex: 'studentName', width: 90 },
          { title: t('signing.recipient'), dataIndex: 'recipientName', width: 90 },
          {
            title: t('signing.state'),
            key: 'state',
            width: 90,
            render: (_v, f) => <StateTag state={f.state} />,
          },
          { title: t('signing.sentAt'), key: 'sentAt', width: 145, render: (_v, f) => timeText(f.sentAt) },
          { title: t('signing.signedAt'), key: 'signedAt', width: 145, render: (_v, f) => timeText(f.signedAt) },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 110,
            render: (_v, f) => (
              <Flex gap={10} wrap>
                {f.state === 'signed' && can('export') && (
                  <Typography.Link
                    data-testid="signing-download"
                    onClick={() => void downloadSignedPdf(f.id, f.number).catch(notifyError)}
                  >
                    {t('signing.download')}
                  </Typography.Link>
                )}
                {f.state === 'sent' && can('edit') && (
                  <DeleteLink
                    title={f.title}
                    question={t('signing.confirmWithdraw')}
                    label={t('signing.withdraw')}
                    cancel={t('signing.cancel')}
                    onDelete={() => withdraw.mutateAsync(f.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {dialog === 'send' && (
        <SendFormModal
          onClose={() => setDialog(null)}
          onSent={() => {
            message.success(t('signing.sent'));
            setDialog(null);
            void refresh();
          }}
        />
      )}
      {dialog === 'verify' && <VerifyModal onClose={() => setDialog(null)} />}
    </>
  );
}

/** `/data/signature`: online signing, its sent forms and its templates. */
export function SignaturePage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="signing-page">
      <Tabs
        items={[
          { key: 'forms', label: t('signing.tabs.forms'), children: <FormsTab /> },
          { key: 'batches', label: t('signing.tabs.batches'), children: <BatchesTab /> },
          { key: 'templates', label: t('signing.tabs.templates'), children: <TemplatesTab /> },
        ]}
      />
    </Card>
  );
}

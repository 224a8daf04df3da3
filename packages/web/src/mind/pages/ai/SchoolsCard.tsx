import { AI_RETENTION, aiSchoolPrivacySave } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { time } from '../warnings/lookups.tsx';
import { placeErrors } from '../warnings/placeErrors.ts';
import { type AiSchoolRow, aiSchools, saveAiSchool } from './api.ts';

interface Values {
  sending: boolean;
  legalBasis: string;
  retentionDays: number;
}

function PrivacyDialog({ school, onClose }: { school: AiSchoolRow; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveAiSchool(school.schoolId, {
        sending: v.sending,
        legalBasis: v.legalBasis.trim(),
        retentionDays: v.retentionDays,
      }),
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('ai.schools.saved'));
      void queryClient.invalidateQueries({ queryKey: ['ai', 'schools'] });
      onClose();
    },
    onError: (error) => placeErrors(form, error),
  });
  return (
    <Modal
      open
      title={t('ai.schools.dialog', { school: school.schoolName })}
      okText={t('ai.schools.ok')}
      cancelText={t('ai.schools.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'ai-school-save' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ sending: school.sending, legalBasis: school.legalBasis, retentionDays: school.retentionDays }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="legalBasis"
          label={t('ai.schools.legalBasis')}
          rules={[schemaRule(aiSchoolPrivacySave.shape.legalBasis)]}
        >
          <Input.TextArea
            rows={3}
            placeholder={t('ai.schools.basisPlaceholder')}
            data-testid="ai-legal-basis"
            showCount
            maxLength={500}
          />
        </Form.Item>
        <Form.Item name="sending" label={t('ai.schools.sending')} valuePropName="checked">
          <Switch data-testid="ai-sending" />
        </Form.Item>
        <Form.Item
          name="retentionDays"
          label={t('ai.schools.retention')}
          extra={t('ai.schools.retentionHelp', { min: AI_RETENTION.minDays, max: AI_RETENTION.maxDays })}
          rules={[
            { required: true, message: t('ai.schools.retentionRequired') },
            schemaRule(aiSchoolPrivacySave.shape.retentionDays),
          ]}
        >
          <InputNumber
            min={AI_RETENTION.minDays}
            max={AI_RETENTION.maxDays}
            precision={0}
            addonAfter={t('ai.schools.days')}
            data-testid="ai-retention"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The schools of the caller's scope: each one's legal basis, whether it sends text to the model, and today's tokens. */
export function SchoolsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AiSchoolRow | null>(null);
  const schools = useQuery({
    queryKey: ['ai', 'schools'],
    queryFn: ({ signal }) => aiSchools(signal),
    meta: { silentError: true },
  });
  return (
    <Card title={t('ai.schools.title')} data-testid="ai-schools">
      <Typography.Paragraph type="secondary">{t('ai.schools.intro')}</Typography.Paragraph>
      {schools.isError ? (
        <LoadFailed error={schools.error} onRetry={() => schools.refetch()} retrying={schools.isFetching} />
      ) : (
        <Table<AiSchoolRow>
          rowKey="schoolId"
          size="small"
          loading={schools.isPending}
          dataSource={schools.data ?? []}
          pagination={false}
          scroll={{ x: 890 }}
          locale={{ emptyText: t('ai.schools.empty') }}
          columns={[
            { title: t('ai.schools.school'), dataIndex: 'schoolName', width: 180 },
            {
              title: t('ai.schools.sending'),
              dataIndex: 'sending',
              width: 120,
              render: (on: boolean) => (
                <Tag color={on ? 'green' : 'default'} data-testid="ai-school-sending">
                  {t(on ? 'ai.schools.sendingOn' : 'ai.schools.sendingOff')}
                </Tag>
              ),
            },
            { title: t('ai.schools.legalBasis'), dataIndex: 'legalBasis', render: (v: string) => v || '-' },
            {
              title: t('ai.schools.recorded'),
              key: 'recorded',
              width: 170,
              render: (_v, r) => (r.recordedAt ? `${r.recordedBy ?? '-'} · ${time(r.recordedAt)}` : '-'),
            },
            {
              title: t('ai.schools.retention'),
              dataIndex: 'retentionDays',
              width: 130,
              render: (days: number) => (
                <span data-testid="ai-school-retention">{t('ai.schools.retentionDays', { days })}</span>
              ),
            },
            { title: t('ai.schools.tokensToday'), dataIndex: 'tokensToday', width: 120 },
            {
              title: '',
              key: 'edit',
              width: 80,
              render: (_v, r) =>
                canEdit && (
                  <Button type="link" onClick={() => setEditing(r)} data-testid="ai-school-edit">
                    {t('ai.schools.edit')}
                  </Button>
                ),
            },
          ]}
        />
      )}
      {editing && <PrivacyDialog school={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

import { AI_RETENTION, type TranscriptDeletion, transcriptDelete } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { useCan } from '../assessments/can.ts';
import { placeErrors } from '../warnings/placeErrors.ts';
import './strings.ts';

/** Where a transcript was: deleted after the school's retention, or on request with the reason (decision 0137). */
export function TranscriptMarker({ deleted }: { deleted: TranscriptDeletion }) {
  const { t } = useTranslation();
  const date = dayjs(deleted.at).format('YYYY-MM-DD');
  return (
    <Alert
      type="info"
      showIcon
      data-testid="transcript-deleted"
      title={
        deleted.cause === 'retention'
          ? t('ai.transcript.deletedRetention', { date })
          : t('ai.transcript.deletedRequest', { date })
      }
      description={deleted.reason ? t('ai.transcript.reason', { reason: deleted.reason }) : undefined}
    />
  );
}

/**
 * "Delete the transcript" with a reason, for the administrators who keep the school's AI privacy
 * record (`/data/aiSetting:edit`); nothing for anyone else.
 */
export function DeleteTranscriptButton({
  remove,
  onDeleted,
}: {
  remove(reason: string): Promise<unknown>;
  onDeleted(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/aiSetting');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const del = useMutation({
    mutationFn: (v: { reason: string }) => remove(v.reason.trim()),
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('ai.transcript.deleted'));
      setOpen(false);
      onDeleted();
    },
    onError: (error) => placeErrors(form, error),
  });
  if (!can('edit')) return null;
  return (
    <>
      <Button danger size="small" onClick={() => setOpen(true)} data-testid="transcript-delete">
        {t('ai.transcript.delete')}
      </Button>
      <Modal
        open={open}
        title={t('ai.transcript.deleteTitle')}
        okText={t('ai.transcript.deleteOk')}
        okButtonProps={{ danger: true, 'data-testid': 'transcript-delete-ok' }}
        cancelText={t('ai.schools.cancel')}
        confirmLoading={del.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('ai.transcript.deleteWarning')} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical" onFinish={(v) => del.mutate(v)}>
          <Form.Item
            name="reason"
            label={t('ai.transcript.reasonLabel')}
            rules={[
              { required: true, whitespace: true, message: t('ai.transcript.reasonRequired') },
              schemaRule(transcriptDelete.shape.reason),
            ]}
          >
            <Input.TextArea
              rows={3}
              showCount
              maxLength={AI_RETENTION.reasonMax}
              placeholder={t('ai.transcript.reasonPlaceholder')}
              data-testid="transcript-delete-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

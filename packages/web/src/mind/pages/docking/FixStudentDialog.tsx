import { dockingStudentFix } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { placeErrors } from '../warnings/placeErrors.ts';
import { type DockingRecord, fixStudentRecord } from './api.ts';

interface Values {
  name: string;
  idCard: string;
}

/** "Modify student info": corrects a refused record's student and sends their refused records again. */
export function FixStudentDialog({
  record,
  onClose,
  onDone,
}: {
  record: DockingRecord;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const fix = useMutation({
    mutationFn: (v: Values) =>
      fixStudentRecord(record.id, { name: v.name.trim(), idCard: v.idCard.trim().toUpperCase() }),
    meta: { silentError: true },
    onSuccess: (result) => {
      message.success(t('docking.fix.done', result));
      onDone();
      onClose();
    },
    onError: (error) => placeErrors(form, error),
  });
  const F = dockingStudentFix.shape;
  return (
    <Modal
      open
      title={t('docking.fix.title', { name: record.studentName })}
      okText={t('docking.fix.ok')}
      cancelText={t('docking.fix.cancel')}
      confirmLoading={fix.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'upstream-fix-ok' }}
      destroyOnHidden
    >
      {record.reason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('docking.fix.reason', { reason: record.reason })}
        />
      )}
      <Typography.Paragraph type="secondary">{t('docking.fix.intro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: record.studentName, idCard: '' }}
        onFinish={(v) => fix.mutate(v)}
      >
        <Form.Item name="name" label={t('docking.fix.name')} rules={[schemaRule(F.name)]}>
          <Input maxLength={50} data-testid="upstream-fix-name" />
        </Form.Item>
        <Form.Item name="idCard" label={t('docking.fix.idCard')} rules={[schemaRule(F.idCard)]}>
          <Input maxLength={18} data-testid="upstream-fix-id-card" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

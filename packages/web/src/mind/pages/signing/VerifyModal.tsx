import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { timeText } from '../archive/common.tsx';
import { sha256Of, verifySignedPdf } from './api.ts';

/** Checks a PDF against the hash kept when its form was signed; the file stays on this computer. */
export function VerifyModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ number: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const check = useMutation({
    mutationFn: async (number: string) => verifySignedPdf({ number, sha256: await sha256Of(file as File) }),
    meta: { silentError: true },
  });
  return (
    <Modal
      open
      title={t('signing.verifyTitle')}
      okText={t('signing.verifyRun')}
      okButtonProps={{ 'data-testid': 'verify-run' }}
      cancelText={t('signing.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={check.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('signing.verifyHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          setMissingFile(file === null);
          if (file) check.mutate(v.number.trim());
        }}
      >
        {check.isError && <FormAlert error={check.error} />}
        <Form.Item
          name="number"
          label={t('signing.number')}
          rules={[{ required: true, message: t('signing.numberRequired') }]}
        >
          <Input data-testid="verify-number" placeholder="SF…" />
        </Form.Item>
        <Form.Item
          label="PDF"
          validateStatus={missingFile ? 'error' : undefined}
          help={missingFile ? t('signing.pdfRequired') : undefined}
        >
          <Upload
            accept="application/pdf"
            maxCount={1}
            beforeUpload={(picked) => {
              setFile(picked);
              setMissingFile(false);
              check.reset();
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />} data-testid="verify-file">
              {t('signing.pickPdf')}
            </Button>
          </Upload>
        </Form.Item>
      </Form>
      {check.data && (
        <Alert
          data-testid="verify-result"
          type={check.data.matches ? 'success' : 'error'}
          showIcon
          title={
            check.data.matches ? t('signing.matches', { at: timeText(check.data.signedAt) }) : t('signing.differs')
          }
        />
      )}
    </Modal>
  );
}

import { UploadOutlined } from '@ant-design/icons';
import { FIRMWARE_MAX_BYTES, FIRMWARE_TYPES } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Radio, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../components/errors.ts';
import { type FirmwareFields, uploadFirmware } from './api.ts';

/** Upload firmware: the image and its name, series, model, version and type; the server computes size and SHA-256. */
export function UploadForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FirmwareFields>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (fields: FirmwareFields) => uploadFirmware(fields, file as File),
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('firmware.uploaded'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'firmware'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const submit = (values: FirmwareFields) => {
    if (!file) {
      setFileError(t('firmware.fileRequired'));
      return;
    }
    save.mutate(values);
  };
  return (
    <Modal
      open
      title={t('firmware.uploadTitle')}
      onCancel={onClose}
      onOk={() => {
        // The file is not a form field: its error shows with the fields' own on the same press.
        if (!file) setFileError(t('firmware.fileRequired'));
        form.submit();
      }}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form<FirmwareFields>
        form={form}
        layout="vertical"
        name="firmware"
        data-testid="firmware-form"
        initialValues={{ type: 'full' }}
        onFinish={submit}
      >
        <Form.Item
          label={t('firmware.file')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? t('firmware.fileHint')}
        >
          <Upload
            maxCount={1}
            beforeUpload={(picked) => {
              setFile(picked);
              setFileError(picked.size > FIRMWARE_MAX_BYTES ? t('firmware.fileHint') : null);
              return false;
            }}
            onRemove={() => setFile(null)}
            data-testid="firmware-file"
          >
            <Button icon={<UploadOutlined />}>{t('firmware.file')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="name" label={t('firmware.name')} rules={[{ required: true, whitespace: true, max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="series" label={t('firmware.series')} rules={[{ required: true, whitespace: true, max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="model" label={t('firmware.model')} rules={[{ required: true, whitespace: true, max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="version" label={t('firmware.version')} rules={[{ required: true, whitespace: true, max: 30 }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="type" label={t('firmware.type')} rules={[{ required: true }]}>
          <Radio.Group options={FIRMWARE_TYPES.map((type) => ({ value: type, label: t(`firmware.types.${type}`) }))} />
        </Form.Item>
        <Form.Item name="sha256" label={t('firmware.sha256')} extra={t('firmware.sha256Hint')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="remark" label={t('firmware.remark')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

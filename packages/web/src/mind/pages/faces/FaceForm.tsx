import { FACE_LIMITS } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { StudentPicker } from '../../../shared/people/StudentPicker.tsx';
import { uploadFace } from './api.ts';
import './strings.ts';

const L = FACE_LIMITS;

interface Values {
  studentId: number;
  consentName?: string;
  consentDate?: Dayjs;
  basis?: string;
  retentionDays: number;
}

const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * A student's whitelist face with the guardian's consent and the legal basis. The consent fields
 * may be left empty: the server then refuses and stores nothing, and says so.
 */
export function FaceForm({ onSaved }: { onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [photo, setPhoto] = useState<File | null>(null);
  const save = useMutation({
    mutationFn: async (v: Values) => {
      const hasConsent = v.consentName?.trim() || v.consentDate || v.basis?.trim();
      return uploadFace({
        studentId: v.studentId,
        photo: photo ? await base64Of(photo) : '',
        retentionDays: v.retentionDays,
        ...(hasConsent
          ? {
              consent: {
                givenBy: 'guardian',
                name: v.consentName?.trim() ?? '',
                date: v.consentDate?.valueOf() ?? 0,
                basis: v.basis?.trim() ?? '',
              },
            }
          : {}),
      });
    },
    onSuccess: () => {
      message.success(t('faces.uploaded'));
      form.resetFields();
      setPhoto(null);
      onSaved();
    },
    meta: { silentError: true },
  });
  return (
    <Card title={t('faces.addFace')} data-testid="face-form-card">
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        initialValues={{ retentionDays: 180 }}
        data-testid="face-form"
        style={{ maxWidth: 640 }}
      >
        <Form.Item
          name="studentId"
          label={t('faces.student')}
          rules={[{ required: true, message: t('faces.studentRequired') }]}
        >
          <StudentPicker />
        </Form.Item>
        <Form.Item label={t('faces.photo')} required>
          <Upload
            accept="image/jpeg,image/png"
            maxCount={1}
            beforeUpload={(file) => {
              setPhoto(file);
              return false;
            }}
            onRemove={() => setPhoto(null)}
            fileList={photo ? [{ uid: '1', name: photo.name, status: 'done' }] : []}
          >
            <Button data-testid="face-photo">{t('faces.choosePhoto')}</Button>
          </Upload>
        </Form.Item>
        <Typography.Title level={5}>{t('faces.consentTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('faces.consentMissing')}</Typography.Paragraph>
        <Form.Item label={t('faces.consentBy')}>
          <Select value="guardian" options={[{ value: 'guardian', label: t('faces.guardian') }]} />
        </Form.Item>
        <Form.Item
          name="consentName"
          label={t('faces.consentName')}
          rules={[{ max: L.consentByMax, message: t('faces.consentNameRequired') }]}
        >
          <Input maxLength={L.consentByMax} data-testid="face-consent-name" />
        </Form.Item>
        <Form.Item name="consentDate" label={t('faces.consentDate')}>
          <DatePicker data-testid="face-consent-date" />
        </Form.Item>
        <Form.Item
          name="basis"
          label={t('faces.basis')}
          rules={[{ max: L.basisMax, message: t('faces.basisRequired') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={L.basisMax}
            showCount
            placeholder={t('faces.basisPlaceholder')}
            data-testid="face-basis"
          />
        </Form.Item>
        <Form.Item name="retentionDays" label={t('faces.retention')} rules={[{ required: true }]}>
          <InputNumber min={1} max={L.retentionMaxDays} data-testid="face-retention" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!photo} data-testid="face-upload">
          {t('faces.upload')}
        </Button>
      </Form>
    </Card>
  );
}

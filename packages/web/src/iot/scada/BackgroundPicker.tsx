import { PictureOutlined } from '@ant-design/icons';
import { uploadRules } from '@meridian/contracts';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { imageProblem, uploadImage } from '../../shared/uploads.ts';

/** The screen's background: a jpg or png up to 2 MB, checked here and again by the server by its content. */
export function BackgroundPicker({ value, onChange }: { value: string | null; onChange(path: string | null): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    const problem = await imageProblem(file, uploadRules.image);
    if (problem) {
      message.error(problem);
      return;
    }
    setBusy(true);
    try {
      onChange((await uploadImage(file, 'image')).path);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact>
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(file) => {
          void pick(file);
          return false;
        }}
      >
        <Button icon={<PictureOutlined />} loading={busy} data-testid="scada-background">
          {t('scada.backgroundAdd')}
        </Button>
      </Upload>
      {value && <Button onClick={() => onChange(null)}>{t('scada.backgroundRemove')}</Button>}
    </Space.Compact>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { uploadRules } from '@meridian/contracts';
import { Button, Flex, Image, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { fileAddress } from '../../shared/files.ts';
import { imageProblem, uploadImage } from '../../shared/uploads.ts';

/** A device's picture: jpg or png up to 2 MB, checked before it is sent; the form keeps its stored path. */
export function PictureField({
  value,
  onChange,
  onProblem,
}: {
  value?: string | null;
  onChange?: (path: string | null) => void;
  onProblem(text: string | null): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    const problem = await imageProblem(file, uploadRules.image);
    onProblem(problem);
    if (problem) return;
    setBusy(true);
    try {
      onChange?.((await uploadImage(file, 'image')).path);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex gap={12} align="center">
      {value && <Image src={fileAddress(value)} width={64} height={64} style={{ objectFit: 'cover' }} />}
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(file) => {
          void pick(file);
          return false;
        }}
      >
        <Button icon={<PlusOutlined />} loading={busy}>
          {value ? t('devices.form.pictureChange') : t('devices.form.pictureAdd')}
        </Button>
      </Upload>
      {value && (
        <Button type="link" danger onClick={() => onChange?.(null)}>
          {t('devices.form.pictureRemove')}
        </Button>
      )}
    </Flex>
  );
}

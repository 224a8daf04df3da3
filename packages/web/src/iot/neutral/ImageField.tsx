import { UploadOutlined } from '@ant-design/icons';
import { type ImageUploadPurpose, uploadRules } from '@meridian/contracts';
import { Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { fileAddress } from '../../shared/files.ts';
import { imageProblem, uploadImage } from '../../shared/uploads.ts';

interface ImageFieldProps {
  value?: string | null;
  onChange?: (path: string) => void;
  purpose: ImageUploadPurpose;
  testId: string;
  /** How the preview is drawn (the logo at its own 106x60). */
  preview: { width: number; height: number };
}

/** A form field holding a stored image's path: a preview and an upload button; the server checks the picture. */
export function ImageField({ value, onChange, purpose, testId, preview }: ImageFieldProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    const problem = await imageProblem(file, uploadRules[purpose]);
    if (problem) {
      notifyError(new Error(problem));
      return;
    }
    setBusy(true);
    try {
      onChange?.((await uploadImage(file, purpose)).path);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex align="center" gap={16}>
      <Flex
        align="center"
        justify="center"
        style={{ ...preview, border: '1px dashed #d0d7e2', borderRadius: 6, background: '#fafbfd', overflow: 'hidden' }}
      >
        {value ? (
          <img
            src={fileAddress(value)}
            alt=""
            data-testid={`${testId}-preview`}
            style={{ maxWidth: '100%', maxHeight: '100%' }}
          />
        ) : null}
      </Flex>
      <Upload
        accept="image/png,image/jpeg,image/gif"
        showUploadList={false}
        beforeUpload={(file) => {
          void pick(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid={`${testId}-upload`}>
          {t(value ? 'neutral.brand.replace' : 'neutral.brand.upload')}
        </Button>
      </Upload>
    </Flex>
  );
}

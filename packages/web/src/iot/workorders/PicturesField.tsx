import { PlusOutlined } from '@ant-design/icons';
import { uploadRules, WORK_ORDER_PICTURES_MAX } from '@meridian/contracts';
import { Button, Flex, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { fileAddress } from '../../shared/files.ts';
import { imageProblem, uploadImage } from '../../shared/uploads.ts';

/** Up to five jpg or png pictures, each checked before it is sent; the form keeps their stored paths. */
export function PicturesField({ value = [], onChange }: { value?: string[]; onChange?: (paths: string[]) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File) => {
    const found = await imageProblem(file, uploadRules.image);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      onChange?.([...value, (await uploadImage(file, 'image')).path]);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} wrap align="center">
        {value.map((path) => (
          <Flex key={path} vertical align="center">
            <Image src={fileAddress(path)} width={64} height={64} style={{ objectFit: 'cover' }} />
            <Button type="link" size="small" danger onClick={() => onChange?.(value.filter((p) => p !== path))}>
              {t('ui.delete')}
            </Button>
          </Flex>
        ))}
        {value.length < WORK_ORDER_PICTURES_MAX && (
          <Upload
            accept=".jpg,.jpeg,.png"
            showUploadList={false}
            beforeUpload={(file) => {
              void pick(file);
              return false;
            }}
          >
            <Button icon={<PlusOutlined />} loading={busy} data-testid="work-order-picture">
              {t('workOrders.pictureAdd')}
            </Button>
          </Upload>
        )}
      </Flex>
      <Typography.Text type={problem ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {problem ?? t('workOrders.picturesHint')}
      </Typography.Text>
    </Flex>
  );
}

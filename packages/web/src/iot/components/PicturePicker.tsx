import { PictureOutlined } from '@ant-design/icons';
import { uploadRules } from '@meridian/contracts';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { notifyError } from '../../shared/feedback.tsx';
import { imageProblem, uploadImage } from '../../shared/uploads.ts';

/**
 * One picture, a jpg or png up to 2 MB, checked here and again by the server by its content:
 * the upload button, and a remove button while one is set. Answers the uploaded file's path.
 */
export function PicturePicker(props: {
  value: string | null;
  onChange(path: string | null): void;
  addLabel: string;
  removeLabel: string;
  testId: string;
}) {
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
      props.onChange((await uploadImage(file, 'image')).path);
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
        <Button icon={<PictureOutlined />} loading={busy} data-testid={props.testId}>
          {props.addLabel}
        </Button>
      </Upload>
      {props.value && <Button onClick={() => props.onChange(null)}>{props.removeLabel}</Button>}
    </Space.Compact>
  );
}

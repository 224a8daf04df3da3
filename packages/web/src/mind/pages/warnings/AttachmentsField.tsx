import { InboxOutlined } from '@ant-design/icons';
import { translate, uploadRules, WARNING_LIMITS } from '@meridian/contracts';
import { App, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n.ts';
import { ATTACHMENT_UPLOAD, apiHeaders, uploadAnswer } from './attachments.ts';

const MAX = WARNING_LIMITS.attachmentsMax;

/**
 * A record's attachments: dragged or picked, each uploaded as soon as it is chosen with its
 * progress shown, removable, at most nine. A file the server refuses stays in the list, red, with
 * the server's sentence, until it is removed.
 */
export function AttachmentsField({
  value = [],
  onChange,
}: {
  value?: UploadFile[];
  onChange?: (files: UploadFile[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLang();
  return (
    <Upload.Dragger
      name="file"
      action={ATTACHMENT_UPLOAD}
      headers={apiHeaders()}
      multiple
      accept=".jpg,.jpeg,.png,.pdf,.xls,.xlsx"
      fileList={value}
      data-testid="record-attachments-upload"
      showUploadList={{ showPreviewIcon: false, showDownloadIcon: false }}
      beforeUpload={(file, batch) => {
        // Counted against what is already listed, so a batch that would pass nine stops at nine.
        if (value.length + batch.indexOf(file) >= MAX) {
          if (batch.indexOf(file) === Math.max(0, MAX - value.length)) {
            message.error(translate('v.intervene.attachments', lang));
          }
          return Upload.LIST_IGNORE;
        }
        if (file.size > uploadRules.attachment.maxBytes) {
          message.error(translate('files.tooLarge', lang, { limit: '15 MB' }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onChange={({ file, fileList }) => {
        const next = fileList.map((f) => {
          if (f.status !== 'error') return f;
          // antd shows a string `response` as the item's error; the server's sentence is what to show.
          const refusal = uploadAnswer(f).refusal ?? t('warn.record.uploadFailed');
          return { ...f, response: refusal };
        });
        if (file.status === 'error') message.error(uploadAnswer(file).refusal ?? t('warn.record.uploadFailed'));
        onChange?.(next);
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('warn.record.attachmentsAdd')}</p>
      <p className="ant-upload-hint">{t('warn.record.attachmentsHint', { max: MAX })}</p>
    </Upload.Dragger>
  );
}

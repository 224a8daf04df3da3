import { PaperClipOutlined } from '@ant-design/icons';
import type { AttachedFile } from '@meridian/contracts';
import { Space } from 'antd';
import { notifyError } from '../../../shared/feedback.tsx';
import { openAttachment } from './attachments.ts';

/** A record's attachments as links, each opening its file in a new tab. */
export function AttachmentLinks({ files }: { files: readonly AttachedFile[] }) {
  if (files.length === 0) return null;
  return (
    <Space size={[12, 4]} wrap data-testid="record-attachments">
      {files.map((file) => (
        <a
          key={file.path}
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            event.preventDefault();
            event.stopPropagation();
            openAttachment(file).catch(notifyError);
          }}
        >
          <PaperClipOutlined /> {file.name}
        </a>
      ))}
    </Space>
  );
}

import type { archiveSignedForm } from '@meridian/contracts';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Output } from '../../../shared/contracts.ts';
import { notifyError } from '../../../shared/feedback.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { downloadSignedPdf } from './api.ts';
import './strings.ts';

type SignedForm = Output<typeof archiveSignedForm>;

/** The forms a parent signed for the student, newest first, on the student's archive. */
export function SignedFormsTable({ rows }: { rows: SignedForm[] }) {
  const { t } = useTranslation();
  const can = useCan('/data/signature');
  return (
    <Table<SignedForm>
      rowKey="id"
      size="small"
      pagination={false}
      data-testid="archive-signed-forms"
      dataSource={rows.toReversed()}
      locale={{ emptyText: t('signing.archiveEmpty') }}
      scroll={{ x: 800 }}
      columns={[
        { title: t('signing.signedAt'), dataIndex: 'signedAt', width: 150, render: timeText },
        { title: t('signing.title'), dataIndex: 'title', width: 260 },
        { title: t('signing.number'), dataIndex: 'number', width: 150 },
        {
          title: 'SHA-256',
          dataIndex: 'sha256',
          ellipsis: true,
          render: (hash: string) => (
            <Typography.Text code copyable={{ text: hash }}>
              {hash.slice(0, 16)}…
            </Typography.Text>
          ),
        },
        {
          title: t('system.actions'),
          key: 'actions',
          width: 120,
          render: (_v, f) =>
            can('export') ? (
              <Typography.Link onClick={() => void downloadSignedPdf(f.id, f.number).catch(notifyError)}>
                {t('signing.download')}
              </Typography.Link>
            ) : null,
        },
      ]}
    />
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { useCan } from '../assessments/can.ts';
import type { DownloadKind, DownloadTask } from './api.ts';
import './strings.ts';

interface Props {
  kind: DownloadKind;
  /** Starts the export on the server; the file is written by a background job. */
  start: () => Promise<DownloadTask>;
  disabled?: boolean;
  testId?: string;
  /** The page whose `export` grant the button needs (the results' by default). */
  access?: string;
}

/**
 * Starts an export and says where its file will be: exports run as jobs, so the page does not
 * wait for the file but points to the download center, where progress shows.
 */
export function ExportButton({ kind, start, disabled, testId, access = '/data/scaleResult' }: Props) {
  const { t } = useTranslation();
  const can = useCan(access);
  const { message } = App.useApp();
  const client = useQueryClient();
  // The message is drawn outside the router, so its link navigates with the page's own navigate.
  const navigate = useNavigate();
  const run = useMutation({
    mutationFn: start,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['downloads'] });
      message.success({
        key: 'export-started',
        duration: 6,
        content: (
          <span data-testid="export-started">
            {t('exports.started')}{' '}
            <Typography.Link
              data-testid="export-open"
              onClick={() => {
                message.destroy('export-started');
                navigate('/data/downloadCenter');
              }}
            >
              {t('exports.open')}
            </Typography.Link>
          </span>
        ),
      });
    },
    onError: notifyError,
  });
  // Exporting is its own grant; a reader without it is not offered the button (the server refuses anyway).
  if (!can('export')) return null;
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={run.isPending}
      disabled={disabled}
      onClick={() => run.mutate()}
      data-testid={testId ?? `export-${kind}`}
    >
      {t(`exports.${kind}`)}
    </Button>
  );
}

import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { uploadRules } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Progress, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { download } from '../../../shared/download.ts';
import { errorText } from '../../../shared/errors.ts';
import { notifyError } from '../../../shared/feedback.tsx';
import { type DownloadTask, downloadStates, isOpen, saveDownload } from '../downloads/api.ts';
import '../downloads/strings.ts';
import { INTERVIEW_IMPORT_TEMPLATE, startInterviewImport } from './api.ts';
import './strings.ts';

const EXCEL = /\.(xlsx|xls)$/i;
/** How often the dialog asks how far the import got, while it runs. */
const REFRESH_MS = 1000;

/**
 * Imports prior AI interview records (decision 0145): the template, one xlsx, then the import's
 * progress as the download center records it (rows done of the total), its summary and its report.
 */
export function InterviewImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [taskId, setTaskId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: startInterviewImport,
    meta: { silentError: true },
    onMutate: () => setRefusal(null),
    onSuccess: (task) => {
      setTaskId(task.id);
      void client.invalidateQueries({ queryKey: ['downloads'] });
    },
    onError: (error) => setRefusal(errorText(error)),
  });
  const state = useQuery({
    queryKey: ['downloads', 'interviewImport', taskId],
    queryFn: async ({ signal }) => (await downloadStates([taskId ?? 0], signal))[0] ?? null,
    enabled: taskId !== null,
    refetchInterval: (query) => (query.state.data && !isOpen(query.state.data) ? false : REFRESH_MS),
  });
  const task: DownloadTask | null | undefined = state.data;
  const finished = task ? !isOpen(task) : false;
  useEffect(() => {
    // New results are in the list once the import is done.
    if (finished) void client.invalidateQueries({ queryKey: ['interview', 'results'] });
  }, [finished, client]);
  const save = useMutation({ mutationFn: saveDownload, onError: notifyError });
  const pick = (file: File) => {
    setRefusal(null);
    if (!EXCEL.test(file.name)) setRefusal(t('interview.importer.notExcel'));
    else if (file.size >= uploadRules.excel.maxBytes) setRefusal(t('interview.importer.tooLarge'));
    else send.mutate(file);
    return false;
  };
  const again = () => {
    setTaskId(null);
    setRefusal(null);
  };
  return (
    <Modal
      open={open}
      title={t('interview.importer.title')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Flex vertical gap={16} data-testid="interview-import">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('interview.importer.rules')}
        </Typography.Paragraph>
        <div>
          <Button
            icon={<DownloadOutlined />}
            data-testid="interview-import-template"
            onClick={() => download(INTERVIEW_IMPORT_TEMPLATE, 'ai-interview-import-template.xlsx').catch(notifyError)}
          >
            {t('interview.importer.template')}
          </Button>
        </div>
        {taskId === null ? (
          <Upload.Dragger
            accept=".xls,.xlsx"
            multiple={false}
            maxCount={1}
            showUploadList={false}
            disabled={send.isPending}
            beforeUpload={pick}
            data-testid="interview-import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {send.isPending ? t('interview.importer.sending') : t('interview.importer.drop')}
            </p>
          </Upload.Dragger>
        ) : (
          <Flex vertical gap={8} data-testid="interview-import-progress">
            <Typography.Text data-testid="interview-import-state">
              {!task || task.state === 'queued'
                ? t('interview.importer.queued')
                : task.state === 'running'
                  ? t('interview.importer.running', { written: task.written, total: task.total ?? '-' })
                  : task.state === 'done'
                    ? t('interview.importer.done')
                    : t('interview.importer.failed')}
            </Typography.Text>
            <Progress
              percent={task?.progress ?? 0}
              status={task?.state === 'failed' ? 'exception' : task && isOpen(task) ? 'active' : undefined}
              aria-label={t('downloads.progress')}
            />
            {task?.summary && (
              <Alert type="success" showIcon data-testid="interview-import-summary" title={task.summary} />
            )}
            {task?.error && <Alert type="error" showIcon title={task.error} />}
            <Flex gap={12} wrap align="center">
              {task?.state === 'done' && (
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={save.isPending}
                  onClick={() => save.mutate(task)}
                  data-testid="interview-import-report"
                >
                  {t('interview.importer.report')}
                </Button>
              )}
              <Link to="/data/downloadCenter">{t('interview.importer.center')}</Link>
              {finished && (
                <Button onClick={again} data-testid="interview-import-again">
                  {t('interview.importer.again')}
                </Button>
              )}
            </Flex>
          </Flex>
        )}
        {refusal && <Alert type="error" showIcon data-testid="interview-import-refused" title={refusal} />}
      </Flex>
    </Modal>
  );
}

import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { uploadRules } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../shared/download.ts';
import { ApiError, errorText } from '../../shared/errors.ts';
import { notifyError } from '../../shared/feedback.tsx';
import { type ImportProblem, importDevices, importProblems } from './api.ts';

const EXCEL = /\.(xlsx|xls)$/i;

/**
 * Excel Batch Import: the template to fill, then one xls/xlsx file under 20 MB with at most 100
 * rows. A file with bad rows imports nothing and lists each bad cell, so it can be fixed and sent again.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const reset = () => {
    setProblems([]);
    setRefusal(null);
    setImported(null);
  };
  const send = useMutation({
    mutationFn: importDevices,
    meta: { silentError: true },
    onMutate: reset,
    onSuccess: async (result) => {
      setImported(result.imported);
      message.success(t('devices.import.done', { count: result.imported }));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'devices'] });
    },
    onError: (error) => {
      const rows = error instanceof ApiError ? importProblems(error.data) : [];
      setProblems(rows);
      // With a report, the table says what is wrong; the heading is the refusal's first sentence.
      setRefusal(rows.length > 0 && error instanceof ApiError ? error.message : errorText(error));
    },
  });
  const pick = (file: File) => {
    reset();
    if (!EXCEL.test(file.name)) setRefusal(t('devices.import.notExcel'));
    else if (file.size >= uploadRules.excel.maxBytes) setRefusal(t('devices.import.tooLarge'));
    else send.mutate(file);
    return false;
  };
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Modal open={open} title={t('devices.import.title')} onCancel={close} footer={null} width={720} destroyOnHidden>
      <Flex vertical gap={16} data-testid="import-dialog">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('devices.import.rules')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="import-template-rule">
          {t('devices.import.templateRule')}
        </Typography.Paragraph>
        <div>
          <Button
            icon={<DownloadOutlined />}
            data-testid="import-template"
            onClick={() => download('iot/devices/import/template', t('devices.import.templateName')).catch(notifyError)}
          >
            {t('devices.import.template')}
          </Button>
        </div>
        <Upload.Dragger
          accept=".xls,.xlsx"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={send.isPending}
          beforeUpload={pick}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{send.isPending ? t('devices.import.sending') : t('devices.import.drop')}</p>
          <p className="ant-upload-hint">{t('devices.import.hint')}</p>
        </Upload.Dragger>
        {imported !== null && (
          <Alert
            type="success"
            showIcon
            data-testid="import-done"
            title={t('devices.import.done', { count: imported })}
          />
        )}
        {refusal && <Alert type="error" showIcon data-testid="import-refused" title={refusal} />}
        {problems.length > 0 && (
          <Table<ImportProblem>
            data-testid="import-report"
            size="small"
            rowKey={(item) => `${item.row}-${item.field}-${item.msg}`}
            dataSource={problems}
            pagination={problems.length > 10 ? { pageSize: 10 } : false}
            columns={[
              { title: t('devices.import.row'), dataIndex: 'row', width: 90 },
              {
                title: t('devices.import.column'),
                dataIndex: 'field',
                width: 180,
                render: (field: string) => t(`devices.field.${field}`, { defaultValue: field }),
              },
              { title: t('devices.import.problem'), dataIndex: 'msg' },
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}

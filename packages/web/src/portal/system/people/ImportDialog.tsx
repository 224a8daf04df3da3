import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { type PeopleImportKind, uploadRules } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Modal, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../shared/download.ts';
import { ApiError, errorText } from '../../../shared/errors.ts';
import { notifyError } from '../../../shared/feedback.tsx';
import { SchoolSelect } from '../../../shared/people/SchoolSelect.tsx';
import { type ImportProblem, importPeople, importProblems } from './api.ts';

const EXCEL = /\.(xlsx|xls)$/i;

interface ImportDialogProps {
  kind: PeopleImportKind;
  open: boolean;
  onClose(): void;
  /** The school the rows go into when the page already knows it (a school's node in the tree). */
  schoolId?: number;
  /** The query keys to refresh after a good import. */
  refresh: readonly unknown[];
}

/**
 * An Excel import of one kind into one school: the template in the reader's language, then one
 * xls/xlsx file. The server takes every row or none; a refused file lists each bad cell by row.
 */
export function ImportDialog({ kind, open, onClose, schoolId: fixedSchool, refresh }: ImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [schoolId, setSchoolId] = useState<number | undefined>(fixedSchool);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const school = fixedSchool ?? schoolId;
  const reset = () => {
    setProblems([]);
    setRefusal(null);
    setDone(null);
  };
  const send = useMutation({
    mutationFn: (file: File) => importPeople(kind, file, school ?? 0),
    meta: { silentError: true },
    onMutate: reset,
    onSuccess: async (result) => {
      const text =
        result.created === undefined
          ? t('system.people.import.done', { count: result.imported })
          : t('system.people.import.doneOrgs', { count: result.imported, created: result.created });
      setDone(text);
      message.success(text);
      await queryClient.invalidateQueries({ queryKey: refresh });
    },
    onError: (error) => {
      const rows = error instanceof ApiError ? importProblems(error.data) : [];
      setProblems(rows);
      setRefusal(rows.length > 0 && error instanceof ApiError ? error.message : errorText(error));
    },
  });
  const pick = (file: File) => {
    reset();
    if (!school) setRefusal(t('system.people.import.noSchool'));
    else if (!EXCEL.test(file.name)) setRefusal(t('system.people.import.notExcel'));
    else if (file.size >= uploadRules.excel.maxBytes) setRefusal(t('system.people.import.tooLarge'));
    else send.mutate(file);
    return false;
  };
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t(`system.people.import.title.${kind}`)}
      onCancel={close}
      footer={null}
      width={760}
      destroyOnHidden
    >
      <Flex vertical gap={16} data-testid="people-import">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('system.people.import.rules')}
        </Typography.Paragraph>
        <Flex gap={12} wrap align="center">
          {fixedSchool === undefined && (
            <Form.Item label={t('system.people.col.school')} style={{ margin: 0 }} required>
              <SchoolSelect value={schoolId} onChange={setSchoolId} style={{ width: 240 }} testId="import-school" />
            </Form.Item>
          )}
          <Button
            icon={<DownloadOutlined />}
            data-testid="import-template"
            onClick={() => download(`apis-user/${kind}/import/template`, `${kind}-template.xlsx`).catch(notifyError)}
          >
            {t('system.people.import.template')}
          </Button>
        </Flex>
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
          <p className="ant-upload-text">
            {send.isPending ? t('system.people.import.sending') : t('system.people.import.drop')}
          </p>
          <p className="ant-upload-hint">{t('system.people.import.hint')}</p>
        </Upload.Dragger>
        {done && <Alert type="success" showIcon data-testid="import-done" title={done} />}
        {refusal && <Alert type="error" showIcon data-testid="import-refused" title={refusal} />}
        {problems.length > 0 && (
          <Table<ImportProblem>
            data-testid="import-report"
            size="small"
            rowKey={(item) => `${item.row}-${item.field}-${item.msg}`}
            dataSource={problems}
            pagination={problems.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { title: t('system.people.import.row'), dataIndex: 'row', width: 80 },
              {
                title: t('system.people.import.column'),
                dataIndex: 'field',
                width: 160,
                render: (field: string) => t(`system.people.field.${field}`, { defaultValue: field }),
              },
              { title: t('system.people.import.problem'), dataIndex: 'msg' },
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}

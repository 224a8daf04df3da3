import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { DeleteLink } from '../lists.tsx';
import { deleteVisit, exportAnswers, type VisitRecord, visitPage, visitTaskPage } from './api.ts';
import { answerText } from './questions.ts';
import { VisitForm } from './VisitForm.tsx';
import './strings.ts';

/**
 * `/data/homeVisitRecord`: the home visits of the caller's students, by task; a visit is recorded
 * with the answers of its task's form, and a task's answers are exported as a workbook.
 */
export function HomeVisitRecordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/homeVisitRecord');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const taskParam = Number(params.get('taskId')) || undefined;
  const [editing, setEditing] = useState<VisitRecord | null | 'new'>(params.get('add') === '1' ? 'new' : null);
  const [exporting, setExporting] = useState(false);
  const tasks = useQuery({
    queryKey: ['visits', 'tasks', 'picker'],
    queryFn: ({ signal }) => visitTaskPage({ page: 1, size: 100 }, signal),
    meta: { silentError: true },
  });
  const visits = usePagedList<{ taskId?: number }, VisitRecord>(['visits', 'records'], visitPage, {
    filters: { taskId: taskParam },
  });
  const { taskId } = visits.filters;
  const task = tasks.data?.list.find((x) => x.id === taskId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['visits'] });
  const remove = useMutation({
    mutationFn: deleteVisit,
    onSuccess: () => {
      message.success(t('visits.record.deleted'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  const runExport = async () => {
    if (!taskId) {
      message.warning(t('visits.record.exportPick'));
      return;
    }
    setExporting(true);
    try {
      await exportAnswers(taskId, t('visits.record.exportName'));
      message.success(t('visits.record.exported'));
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card data-testid="visit-record-page">
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Form layout="inline">
          <Form.Item label={t('visits.record.filterTask')}>
            <Select
              allowClear
              data-testid="visit-filter-task"
              style={{ width: 240 }}
              placeholder={t('system.all')}
              value={taskId}
              loading={tasks.isPending}
              onChange={(id?: number) => {
                visits.search({ taskId: id });
                setParams(id ? { taskId: String(id) } : {}, { replace: true });
              }}
              options={(tasks.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
          </Form.Item>
        </Form>
        <Flex gap={8}>
          {can('export') && (
            <Button onClick={runExport} loading={exporting} data-testid="visit-export">
              {t('visits.record.export')}
            </Button>
          )}
          {can('add') && (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="visit-add">
              {t('visits.record.add')}
            </Button>
          )}
        </Flex>
      </Flex>
      <PagedTable<VisitRecord>
        list={visits}
        rowKey="id"
        data-testid="visit-table"
        locale={{ emptyText: t('visits.record.empty') }}
        scroll={{ x: 1100 }}
        expandable={{
          expandedRowRender: (v) => {
            const questions = tasks.data?.list.find((x) => x.id === v.taskId)?.questions ?? [];
            return (
              <Descriptions size="small" column={1} bordered>
                {questions.map((q) => (
                  <Descriptions.Item key={q.id} label={q.title}>
                    {answerText(v.answers[q.id]) || '-'}
                  </Descriptions.Item>
                ))}
                <Descriptions.Item label={t('visits.record.place')}>{v.place || '-'}</Descriptions.Item>
                <Descriptions.Item label={t('visits.record.summary')}>{v.summary}</Descriptions.Item>
              </Descriptions>
            );
          },
        }}
        columns={[
          { title: t('visits.record.student'), dataIndex: 'studentName', width: 110 },
          {
            title: t('visits.record.task'),
            dataIndex: 'taskName',
            width: 180,
            render: (name: string | null) => name ?? t('visits.record.unplanned'),
          },
          { title: t('visits.record.at'), dataIndex: 'visitedAt', width: 150, render: timeText },
          {
            title: t('visits.record.way'),
            dataIndex: 'way',
            width: 80,
            render: (w: string) => t(`visits.ways.${w}`),
          },
          { title: t('visits.record.people'), dataIndex: 'people', width: 160 },
          { title: t('visits.record.summary'), dataIndex: 'summary', ellipsis: true },
          { title: t('visits.record.visitor'), dataIndex: 'visitorName', width: 100 },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 120,
            render: (_v, v) => (
              <Flex gap={10}>
                {can('edit') && <Typography.Link onClick={() => setEditing(v)}>{t('visits.change')}</Typography.Link>}
                {can('delete') && (
                  <DeleteLink
                    title={v.studentName}
                    question={t('visits.record.confirmDelete')}
                    label={t('visits.record.delete')}
                    cancel={t('visits.record.cancel')}
                    onDelete={() => remove.mutateAsync(v.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <VisitForm
          record={editing === 'new' ? null : editing}
          taskId={task?.id ?? taskParam}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(t('visits.record.saved'));
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

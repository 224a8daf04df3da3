import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { DeleteLink } from '../lists.tsx';
import { deleteVisitTask, type VisitTask, visitTaskPage } from './api.ts';
import { VisitTaskForm } from './TaskForm.tsx';
import './strings.ts';

/**
 * `/data/homeVisitTaskConfig`: home-visit tasks set at, above or below the caller, each with its
 * form, whom to visit and the visit period; a task is changed by the organisation that set it.
 */
export function HomeVisitTaskConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/homeVisitTaskConfig');
  const canRecord = useCan('/data/homeVisitRecord');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<VisitTask | null | 'new'>(null);
  const tasks = usePagedList<{ keyword?: string }, VisitTask>(['visits', 'tasks'], visitTaskPage);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['visits'] });
  const remove = useMutation({
    mutationFn: deleteVisitTask,
    onSuccess: () => {
      message.success(t('visits.task.deleted'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="visit-task-page">
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Form
          layout="inline"
          onFinish={(values: { keyword?: string }) => tasks.search({ keyword: values.keyword?.trim() || undefined })}
        >
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('visits.task.keyword')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">{t('system.search')}</Button>
          </Form.Item>
        </Form>
        {can('add') && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="visit-task-add">
            {t('visits.task.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<VisitTask>
        list={tasks}
        rowKey="id"
        data-testid="visit-task-table"
        locale={{ emptyText: t('visits.task.empty') }}
        scroll={{ x: 1000 }}
        columns={[
          { title: t('visits.task.name'), dataIndex: 'name', width: 220 },
          {
            title: t('visits.task.window'),
            key: 'window',
            width: 180,
            render: (_v, task) => (
              <Typography.Text style={{ fontSize: 13 }}>
                {timeText(task.startsAt)}
                <br />
                {timeText(task.endsAt)}
              </Typography.Text>
            ),
          },
          {
            title: t('visits.task.targets'),
            key: 'targets',
            width: 170,
            render: (_v, task) =>
              t('visits.task.targetsOf', {
                classes: task.targets.classIds.length,
                students: task.targets.studentIds.length,
              }),
          },
          {
            title: t('visits.task.questions'),
            key: 'questions',
            width: 100,
            render: (_v, task) => t('visits.task.questionsCount', { count: task.questions.length }),
          },
          { title: t('visits.task.visits'), dataIndex: 'visits', width: 80 },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 240,
            render: (_v, task) => (
              <Flex gap={10} wrap>
                {canRecord('add') && (
                  <Link to={`/data/homeVisitRecord?taskId=${task.id}&add=1`} data-testid="visit-task-record">
                    {t('visits.task.record')}
                  </Link>
                )}
                <Link to={`/data/homeVisitRecord?taskId=${task.id}`}>{t('visits.task.records')}</Link>
                {can('edit') && (
                  <Typography.Link onClick={() => setEditing(task)}>{t('visits.change')}</Typography.Link>
                )}
                {can('delete') && task.visits === 0 && (
                  <DeleteLink
                    title={task.name}
                    question={t('visits.task.confirmDelete')}
                    label={t('visits.task.delete')}
                    cancel={t('visits.task.cancel')}
                    onDelete={() => remove.mutateAsync(task.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <VisitTaskForm
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(t('visits.task.saved'));
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { LoadFailed } from '../../../shared/lists/PagedList.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { deleteVisitTask, type VisitTask, visitTaskPage } from './api.ts';
import { VisitTaskForm } from './TaskForm.tsx';
import './strings.ts';

/**
 * `/data/homeVisitTaskConfig`: home-visit tasks set at, above or below the caller, each with its
 * form, whom to visit and the visit period; a task is changed by the organisation that set it.
 */
export function HomeVisitTaskConfigPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan('/data/homeVisitTaskConfig');
  const canRecord = useCan('/data/homeVisitRecord');
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [editing, setEditing] = useState<VisitTask | null | 'new'>(null);
  const tasks = useQuery({
    queryKey: ['visits', 'tasks', keyword, paging],
    queryFn: ({ signal }) => visitTaskPage({ keyword, ...paging }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
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
          onFinish={(values: { keyword?: string }) => {
            setKeyword(values.keyword?.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
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
      {tasks.isError && !tasks.data ? (
        <LoadFailed error={tasks.error} onRetry={() => tasks.refetch()} retrying={tasks.isFetching} />
      ) : (
        <Table<VisitTask>
          rowKey="id"
          size="middle"
          data-testid="visit-task-table"
          loading={tasks.isFetching}
          dataSource={tasks.data?.list ?? []}
          locale={{ emptyText: t('visits.task.empty') }}
          scroll={{ x: 1000 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: tasks.data?.total ?? 0,
            showTotal: (total) => t('system.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
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
                    <Typography.Link
                      type="danger"
                      onClick={() =>
                        modal.confirm({
                          title: task.name,
                          content: t('visits.task.confirmDelete'),
                          okText: t('visits.task.delete'),
                          okButtonProps: { danger: true },
                          cancelText: t('visits.task.cancel'),
                          onOk: () => remove.mutateAsync(task.id),
                        })
                      }
                    >
                      {t('visits.task.delete')}
                    </Typography.Link>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Progress, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { DeleteLink } from '../lists.tsx';
import {
  type AssessmentKind,
  deleteTask,
  moveTask,
  syncTask,
  type Task,
  type TaskFilter,
  type TaskMode,
  type TaskMove,
  type TaskState,
  taskPage,
} from './api.ts';
import { useCan } from './can.ts';
import { movesOf } from './moves.ts';
import { TaskForm } from './TaskForm.tsx';
import './strings.ts';

const STATE_COLOR: Record<TaskState, string> = { draft: 'default', published: 'green', paused: 'orange', ended: 'red' };
const STATES: TaskState[] = ['draft', 'published', 'paused', 'ended'];
const FEATURE = '/data/scaleMeasurement';

const time = (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm');

/**
 * The assessment tasks of one kind (students, teachers, other raters): published within the scope
 * and those published above it, with their completion; drafts are edited, then published, paused,
 * resumed or ended.
 */
function TaskList({
  kind,
  mode = 'questionnaire',
  resultsPath,
}: {
  kind: AssessmentKind;
  mode?: TaskMode;
  resultsPath: string;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan(FEATURE);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Task | null | 'new'>(null);
  const tasks = usePagedList<TaskFilter, Task>(['assess', 'tasks'], taskPage, { filters: { kind, mode } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['assess', 'tasks'] });
  const move = useMutation({
    mutationFn: ({ id, to }: { id: number; to: TaskMove }) => moveTask(id, to),
    onSuccess: (_task, { to }) => {
      message.success(t(`assess.tasks.moved.${to}`));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  const remove = useMutation({
    mutationFn: deleteTask,
    onSuccess: (withdrawal) => {
      // A synced bureau task says which schools' tasks were withdrawn and which were kept.
      if (withdrawal && !withdrawal.deleted) message.warning(withdrawal.message, 8);
      else message.success(withdrawal?.message ?? t('assess.tasks.deleted'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  const sync = useMutation({
    mutationFn: syncTask,
    onSuccess: (result) => {
      modal.success({
        title: t('assess.tasks.sync'),
        content: <span data-testid="task-synced">{t('assess.tasks.synced', result)}</span>,
      });
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  const confirmSync = (task: Task) =>
    modal.confirm({
      title: task.name,
      content: t('assess.tasks.confirmSync'),
      okText: t('assess.tasks.sync'),
      cancelText: t('assess.form.cancel'),
      onOk: () => sync.mutateAsync(task.id),
    });
  const confirmMove = (task: Task, to: TaskMove) => {
    const text =
      to === 'publish' ? t('assess.tasks.confirmPublish') : to === 'end' ? t('assess.tasks.confirmEnd') : null;
    if (!text) {
      move.mutate({ id: task.id, to });
      return;
    }
    modal.confirm({
      title: task.name,
      content: text,
      okText: t(`assess.tasks.${to}`),
      cancelText: t('assess.form.cancel'),
      onOk: () => move.mutateAsync({ id: task.id, to }),
    });
  };
  return (
    <Card data-testid="assess-tasks">
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Form
          layout="inline"
          style={{ rowGap: 12 }}
          onFinish={(values: { name?: string; state?: TaskState }) =>
            tasks.search({ kind, mode, name: values.name?.trim() || undefined, state: values.state })
          }
        >
          <Form.Item name="name">
            <Input allowClear placeholder={t('assess.tasks.name')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="state" label={t('assess.tasks.state')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('system.all')}
              options={STATES.map((s) => ({ value: s, label: t(`assess.state.${s}`) }))}
            />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">{t('system.search')}</Button>
          </Form.Item>
        </Form>
        {can('add') && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="task-add">
            {t('assess.tasks.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<Task>
        list={tasks}
        rowKey="id"
        data-testid="task-table"
        locale={{ emptyText: t('assess.tasks.empty') }}
        scroll={{ x: 1100 }}
        columns={[
          {
            title: t('assess.tasks.name'),
            dataIndex: 'name',
            width: 200,
            render: (name: string, task) => (
              <Flex vertical gap={4} align="flex-start">
                {name}
                {task.sourceTaskId !== null && <Tag color="blue">{t('assess.tasks.fromBureau')}</Tag>}
                {task.copies > 0 && <Tag color="purple">{t('assess.tasks.syncedTo', { count: task.copies })}</Tag>}
              </Flex>
            ),
          },
          {
            title: t('assess.tasks.scales'),
            key: 'scales',
            width: 200,
            render: (_v, task) => task.scales.map((s) => <Tag key={s.scaleId}>{s.name}</Tag>),
          },
          {
            title: t('assess.tasks.window'),
            key: 'window',
            width: 180,
            render: (_v, task) => (
              <Typography.Text style={{ fontSize: 13 }}>
                {time(task.startsAt)}
                <br />
                {time(task.endsAt)}
              </Typography.Text>
            ),
          },
          {
            title: t('assess.tasks.state'),
            dataIndex: 'state',
            width: 90,
            render: (state: TaskState) => <Tag color={STATE_COLOR[state]}>{t(`assess.state.${state}`)}</Tag>,
          },
          {
            title: t('assess.tasks.done'),
            key: 'done',
            width: 150,
            render: (_v, task) => (
              <Flex vertical>
                <Progress
                  size="small"
                  percent={task.assignees === 0 ? 0 : Math.round((task.done / task.assignees) * 100)}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('assess.tasks.doneOf', { done: task.done, total: task.assignees })}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('assess.tasks.org'), dataIndex: 'orgName', width: 140 },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 230,
            render: (_v, task) => (
              <Flex gap={10} wrap>
                {task.state === 'draft' && can('edit') && (
                  <Typography.Link onClick={() => setEditing(task)}>{t('assess.tasks.edit')}</Typography.Link>
                )}
                {can('edit') && task.syncable && (
                  <Typography.Link data-testid="task-sync" onClick={() => confirmSync(task)}>
                    {t('assess.tasks.sync')}
                  </Typography.Link>
                )}
                {can('edit') &&
                  movesOf(task.state)
                    // A synced bureau task is published by its schools' copies, not itself.
                    .filter((to) => !(to === 'publish' && task.copies > 0))
                    .map((to) => (
                      <Typography.Link key={to} data-testid={`task-${to}`} onClick={() => confirmMove(task, to)}>
                        {t(`assess.tasks.${to}`)}
                      </Typography.Link>
                    ))}
                {(task.state !== 'draft' || task.copies > 0) && (
                  <>
                    <Link to={`/data/progressMonitor?id=${task.id}`}>{t('assess.tasks.progress')}</Link>
                    <Link to={`/data/${resultsPath}?taskId=${task.id}`}>{t('assess.tasks.results')}</Link>
                  </>
                )}
                {can('delete') && task.sourceTaskId === null && (task.state === 'draft' || task.done === 0) && (
                  <DeleteLink
                    title={task.name}
                    question={t('assess.tasks.confirmDelete')}
                    label={t('assess.tasks.delete')}
                    cancel={t('assess.form.cancel')}
                    onDelete={() => remove.mutateAsync(task.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <TaskForm
          open
          kind={kind}
          mode={mode}
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(t('assess.tasks.saved'));
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

/** `/data/scaleMeasurement`: students' assessment tasks. */
export const StudentTasksPage = () => <TaskList kind="student" resultsPath="scaleResult" />;
/** `/data/scaleMeasurementTeacher`: teachers' own assessments. */
export const TeacherTasksPage = () => <TaskList kind="teacher" resultsPath="scaleResultTeacher" />;
/** `/data/AIScaleMeasurement`: students' assessments answered as a conversation with the AI interviewer. */
export const InterviewTasksPage = () => <TaskList kind="student" mode="interview" resultsPath="AIScaleResult" />;
/** `/data/otherEvaluation`: a class teacher or parent rating a student. */
export const OtherTasksPage = () => <TaskList kind="other" resultsPath="otherScaleResult" />;

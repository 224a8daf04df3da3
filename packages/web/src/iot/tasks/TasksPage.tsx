import { PlusOutlined } from '@ant-design/icons';
import { TIMED_TASK_STATES } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { deleteTask, listTasks, pauseTask, type TaskFilters, type TaskView } from './api.ts';
import { TaskForm } from './TaskForm.tsx';
import { OutcomeTag, StateTag, time } from './taskText.tsx';

const TASKS = '/iot/tasks';

/** Timed Tasks: every task of my devices, its schedule, state and next run; pause, resume, edit, delete. */
export function TasksPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TaskFilters>();
  const [editing, setEditing] = useState<TaskView | 'new' | null>(null);
  const list = usePagedList<TaskFilters, TaskView>(['iot', 'tasks', 'list'], listTasks);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot', 'tasks'] });
  const pause = useMutation({
    mutationFn: (change: { id: number; paused: boolean }) => pauseTask(change.id, change.paused),
    meta: { silentError: true },
    onSuccess: refresh,
    onError: notifyError,
  });
  const remove = (row: TaskView) =>
    confirm(
      {
        title: t('tasks.deleteAsk', { name: row.name }),
        content: t('tasks.deleteHint'),
        okText: t('ui.delete'),
        danger: true,
      },
      async () => {
        await deleteTask(row.id);
        await refresh();
      },
    );
  const editable = can({ path: TASKS, code: 'edit' });

  return (
    <Card
      data-testid="tasks-page"
      title={t('menu.tasks.list')}
      extra={
        can({ path: TASKS, code: 'add' }) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="task-add">
            {t('tasks.add')}
          </Button>
        )
      }
    >
      <FilterForm<TaskFilters>
        form={form}
        onSearch={(values) => {
          list.search(values);
          refresh();
        }}
        searchTestId="tasks-search"
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('tasks.keyword')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="deviceId">
          <DeviceSelect allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="state">
          <Select
            allowClear
            placeholder={t('tasks.state')}
            style={{ width: 140 }}
            options={TIMED_TASK_STATES.map((s) => ({ value: s, label: t(`tasks.stateName.${s}`) }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<TaskView>
        list={list}
        data-testid="tasks-table"
        rowKey="id"
        locale={{ emptyText: t('tasks.empty') }}
        columns={[
          {
            title: t('tasks.name'),
            key: 'name',
            render: (_v, row) => (
              <Flex vertical gap={2}>
                <Typography.Text strong>{row.name}</Typography.Text>
                {row.suspended && (
                  <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid={`task-suspended-${row.id}`}>
                    {row.suspended}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('tasks.targets'),
            key: 'targets',
            render: (_v, row) => (
              <Flex vertical gap={2}>
                {row.targets.map((x) => (
                  <span key={`${x.deviceId}-${x.pointId}`}>
                    <Link to={`/devices/${x.deviceId}`}>{x.deviceName}</Link> · {x.pointName} ={' '}
                    {typeof x.value === 'boolean' ? t(x.value ? 'ui.on' : 'ui.off') : String(x.value)}
                  </span>
                ))}
              </Flex>
            ),
          },
          { title: t('tasks.schedule'), dataIndex: 'scheduleText', key: 'schedule' },
          {
            title: t('tasks.state'),
            key: 'state',
            width: 100,
            render: (_v, row) => <StateTag state={row.state} testId={`task-state-${row.id}`} />,
          },
          { title: t('tasks.nextRun'), key: 'next', width: 170, render: (_v, row) => time(row.nextRunAt) },
          {
            title: t('tasks.lastOutcome'),
            key: 'last',
            width: 120,
            render: (_v, row) => <OutcomeTag outcome={row.lastOutcome} />,
          },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 200,
            render: (_v, row) => (
              <Flex>
                <Link to={`/tasks/records?taskId=${row.id}`}>
                  <Button type="link" size="small">
                    {t('menu.tasks.records')}
                  </Button>
                </Link>
                {editable && row.state !== 'ended' && (
                  <Button
                    type="link"
                    size="small"
                    data-testid={`task-pause-${row.id}`}
                    loading={pause.isPending && pause.variables?.id === row.id}
                    onClick={() => pause.mutate({ id: row.id, paused: row.state !== 'paused' })}
                  >
                    {row.state === 'paused' ? t('tasks.resume') : t('tasks.pause')}
                  </Button>
                )}
                {editable && (
                  <Button type="link" size="small" onClick={() => setEditing(row)} data-testid={`task-edit-${row.id}`}>
                    {t('ui.edit')}
                  </Button>
                )}
                {can({ path: TASKS, code: 'delete' }) && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => remove(row)}
                    data-testid={`task-delete-${row.id}`}
                  >
                    {t('ui.delete')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing && <TaskForm task={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

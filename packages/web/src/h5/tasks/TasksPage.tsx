import { ClockCircleOutlined, FieldTimeOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Segmented, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../shared/errors.ts';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import { type MyTask, myTasks } from './api.ts';

type TaskFilter = 'pending' | 'done';

const stateColor: Record<MyTask['state'], string> = { todo: 'blue', started: 'orange', done: 'green' };

/** The address of one sheet: a rater's sheet names the student it is about. */
export function answerPath(task: Pick<MyTask, 'taskId' | 'scaleId' | 'studentId' | 'mode'>): string {
  if (task.mode === 'interview') return `/interview/${task.taskId}/${task.scaleId}`;
  const about = task.studentId === null ? '' : `?studentId=${task.studentId}`;
  return `/answer/${task.taskId}/${task.scaleId}${about}`;
}

function TaskCard({ task }: { task: MyTask }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action =
    task.state === 'todo'
      ? t('tasks.start')
      : task.state === 'started'
        ? t('tasks.continue')
        : task.retest
          ? t('tasks.again')
          : null;
  return (
    <Card size="small" data-testid="h5-task" style={{ marginBottom: 12 }}>
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="start" gap={8}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {task.scaleName}
          </Typography.Text>
          <Tag color={stateColor[task.state]} style={{ marginInlineEnd: 0 }}>
            {t(`tasks.state.${task.state}`)}
          </Tag>
        </Flex>
        <Typography.Text type="secondary">{task.taskName}</Typography.Text>
        {task.studentName && (
          <Typography.Text>
            <UserOutlined aria-hidden /> {t('tasks.about', { name: task.studentName })}
          </Typography.Text>
        )}
        <Flex gap={12} wrap>
          <Typography.Text type="secondary">
            <ClockCircleOutlined aria-hidden />{' '}
            {t('tasks.endsAt', { at: dayjs(task.endsAt).format('YYYY-MM-DD HH:mm') })}
          </Typography.Text>
          {task.maxMinutes !== null && (
            <Typography.Text type="secondary">
              <FieldTimeOutlined aria-hidden /> {t('tasks.maxMinutes', { minutes: task.maxMinutes })}
            </Typography.Text>
          )}
        </Flex>
        {action ? (
          <Button
            type={task.state === 'done' ? 'default' : 'primary'}
            block
            aria-label={`${action}: ${task.scaleName}`}
            onClick={() => navigate(answerPath(task))}
            style={{ marginTop: 4 }}
          >
            {action}
          </Button>
        ) : (
          <Button block disabled style={{ marginTop: 4 }}>
            {t('tasks.submitted')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/** "My tasks": the scales a student or rater has to answer, and those already submitted. */
export function TasksPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TaskFilter>('pending');
  const tasks = useQuery({
    queryKey: ['h5', 'mine'],
    queryFn: ({ signal }) => myTasks(signal),
    meta: { silentError: true },
  });
  useSessionCheck(tasks.error);
  const shown = (tasks.data ?? []).filter((task) => (filter === 'done') === (task.state === 'done'));
  return (
    <div data-testid="h5-home">
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {t('tasks.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('tasks.intro')}{' '}
        <Link to="/activities" data-testid="h5-activities-link">
          {t('activities.open')}
        </Link>{' '}
        <Link to="/mood" data-testid="h5-mood-link">
          {t('mood.open')}
        </Link>{' '}
        <Link to="/tree-hole" data-testid="h5-tree-hole-link">
          {t('treeHole.open')}
        </Link>{' '}
        <Link to="/tutors" data-testid="h5-tutors-link">
          {t('tutors.open')}
        </Link>{' '}
        <Link to="/sign" data-testid="h5-signing-link">
          {t('signing.open')}
        </Link>
      </Typography.Paragraph>
      <Segmented<TaskFilter>
        block
        size="large"
        value={filter}
        onChange={setFilter}
        options={[
          { label: t('tasks.pending'), value: 'pending' },
          { label: t('tasks.done'), value: 'done' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {tasks.isPending ? (
        <Card aria-busy="true" aria-label={t('tasks.loading')}>
          <Skeleton active />
        </Card>
      ) : tasks.isError ? (
        <Result
          status="warning"
          title={t('tasks.loadFailed')}
          subTitle={errorText(tasks.error)}
          extra={
            <Button onClick={() => tasks.refetch()} loading={tasks.isFetching}>
              {t('tasks.retry')}
            </Button>
          }
        />
      ) : shown.length === 0 ? (
        <Card>
          <Empty
            style={{ padding: '40px 0' }}
            description={
              <>
                <Typography.Text style={{ fontSize: 16 }}>
                  {filter === 'pending' ? t('tasks.noPending') : t('tasks.noDone')}
                </Typography.Text>
                <br />
                <Typography.Text type="secondary">{t('tasks.hint')}</Typography.Text>
              </>
            }
          />
        </Card>
      ) : (
        <section aria-label={filter === 'pending' ? t('tasks.pending') : t('tasks.done')}>
          {shown.map((task) => (
            <TaskCard key={`${task.taskId}-${task.scaleId}-${task.studentId ?? 0}`} task={task} />
          ))}
        </section>
      )}
    </div>
  );
}

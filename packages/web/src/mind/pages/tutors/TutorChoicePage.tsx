import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { exportResults, openRound, type TutorChoice, type TutorTask, taskResults, tutorTasks } from './api.ts';
import { taskState } from './strings.ts';
import { TutorTaskForm } from './TutorTaskForm.tsx';

const stateColor = { pending: 'gold', confirmed: 'green', declined: 'default' } as const;

/** A choice's state as a coloured tag. */
export function ChoiceState({ state }: { state: TutorChoice['state'] }) {
  const { t } = useTranslation();
  return <Tag color={stateColor[state]}>{t(`tutors.choiceStates.${state}`)}</Tag>;
}

/** Who chose whom, in which round, and what the tutor answered. */
function ResultsDrawer({ task, onClose }: { task: TutorTask; onClose(): void }) {
  const { t } = useTranslation();
  const results = useQuery({
    queryKey: ['tutors', 'results', task.id],
    queryFn: ({ signal }) => taskResults(task.id, signal),
  });
  return (
    <Drawer
      open
      onClose={onClose}
      size={720}
      title={t('tutors.resultsTitle', { name: task.name })}
      extra={
        <Button
          onClick={() => exportResults(task.id, t('tutors.exportName')).catch(notifyError)}
          disabled={(results.data ?? []).length === 0}
          data-testid="tutor-export"
        >
          {t('tutors.export')}
        </Button>
      }
    >
      <Table<TutorChoice>
        rowKey="id"
        size="small"
        loading={results.isPending}
        dataSource={results.data ?? []}
        pagination={false}
        data-testid="tutor-results"
        locale={{ emptyText: t('tutors.resultsEmpty') }}
        columns={[
          { title: t('tutors.student'), dataIndex: 'studentName' },
          { title: t('tutors.className'), dataIndex: 'className' },
          { title: t('tutors.tutor'), dataIndex: 'tutorName' },
          { title: t('tutors.rounds'), dataIndex: 'round', width: 70 },
          { title: t('tutors.state'), key: 'state', render: (_v, c) => <ChoiceState state={c.state} /> },
        ]}
      />
    </Drawer>
  );
}

/**
 * `/data/tutorChoice`: the tutor-choice tasks of the caller's school, each with its round and the
 * places its tutors hold; staff set a task, open the next round and read the results.
 */
export function TutorChoicePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/tutorChoice');
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [reading, setReading] = useState<TutorTask | null>(null);
  const tasks = useQuery({ queryKey: ['tutors', 'tasks'], queryFn: ({ signal }) => tutorTasks(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tutors'] });
  const next = useMutation({
    mutationFn: (task: TutorTask) => openRound(task.id, task.round + 1),
    onSuccess: (task) => {
      message.success(t('tutors.roundOpened', { round: task.round }));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="tutor-page">
      <Flex justify="end" style={{ marginBottom: 16 }}>
        {can('add') && (
          <Button type="primary" onClick={() => setAdding(true)} data-testid="tutor-task-add">
            {t('tutors.add')}
          </Button>
        )}
      </Flex>
      <Table<TutorTask>
        rowKey="id"
        loading={tasks.isPending}
        dataSource={tasks.data ?? []}
        data-testid="tutor-tasks"
        locale={{ emptyText: t('tutors.empty') }}
        scroll={{ x: 1000 }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          {
            title: t('tutors.name'),
            dataIndex: 'name',
            width: 200,
            render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
          },
          {
            title: t('tutors.window'),
            key: 'window',
            width: 170,
            render: (_v, k) => (
              <Typography.Text style={{ fontSize: 13 }}>
                {timeText(k.opensAt)}
                <br />
                {timeText(k.closesAt)}
              </Typography.Text>
            ),
          },
          {
            title: t('tutors.state'),
            key: 'state',
            width: 100,
            render: (_v, k) => <Tag>{t(`tutors.states.${taskState(k)}`)}</Tag>,
          },
          {
            title: t('tutors.round'),
            key: 'round',
            width: 120,
            render: (_v, k) => t('tutors.roundOf', { round: k.round, rounds: k.rounds }),
          },
          {
            title: t('tutors.places'),
            key: 'places',
            render: (_v, k) => (
              <Flex gap={4} wrap data-testid="tutor-places">
                {k.tutors.map((x) => (
                  <Tag key={x.id} color={x.taken >= x.quota ? 'red' : undefined}>
                    {t('tutors.placesOf', { name: x.name, taken: x.taken, quota: x.quota })}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            title: t('tutors.actions'),
            key: 'actions',
            fixed: 'right',
            width: 200,
            render: (_v, k) => (
              <Flex gap={10} wrap>
                <Typography.Link onClick={() => setReading(k)} data-testid="tutor-results-open">
                  {t('tutors.results')}
                </Typography.Link>
                {can('edit') && k.round < k.rounds && taskState(k) !== 'closed' && (
                  <Typography.Link onClick={() => next.mutate(k)} disabled={next.isPending}>
                    {t('tutors.nextRound', { round: k.round + 1 })}
                  </Typography.Link>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {adding && (
        <TutorTaskForm
          onClose={() => setAdding(false)}
          onSaved={() => {
            message.success(t('tutors.saved'));
            setAdding(false);
            void refresh();
          }}
        />
      )}
      {reading && <ResultsDrawer task={reading} onClose={() => setReading(null)} />}
    </Card>
  );
}

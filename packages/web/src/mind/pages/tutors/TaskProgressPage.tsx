import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Segmented, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import {
  type ClassProgress,
  decideChoice,
  myTutees,
  progressTasks,
  type TutorChoice,
  type TutorTask,
  taskProgress,
  tutoringTasks,
} from './api.ts';
import './strings.ts';
import { ChoiceState } from './TutorChoicePage.tsx';

/** The choices made of the caller in one task, each confirmed or declined here. */
function TuteeTable({ task }: { task: TutorTask }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const tutees = useQuery({
    queryKey: ['tutors', 'mine', task.id],
    queryFn: ({ signal }) => myTutees(task.id, signal),
  });
  const answer = useMutation({
    mutationFn: (v: { id: number; confirm: boolean }) => decideChoice(v.id, v.confirm),
    onSuccess: (r) => {
      message.success(r.state === 'confirmed' ? t('tutors.confirmedDone') : t('tutors.declinedDone'));
      void queryClient.invalidateQueries({ queryKey: ['tutors'] });
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <Table<TutorChoice>
      rowKey="id"
      size="small"
      loading={tutees.isPending}
      dataSource={tutees.data ?? []}
      pagination={false}
      title={() => <Typography.Text strong>{task.name}</Typography.Text>}
      locale={{ emptyText: t('tutors.mineEmpty') }}
      data-testid="tutor-mine"
      columns={[
        { title: t('tutors.student'), dataIndex: 'studentName' },
        { title: t('tutors.className'), dataIndex: 'className' },
        { title: t('tutors.rounds'), dataIndex: 'round', width: 70 },
        { title: t('tutors.state'), key: 'state', render: (_v, c) => <ChoiceState state={c.state} /> },
        {
          title: t('tutors.actions'),
          key: 'actions',
          width: 170,
          render: (_v, c) =>
            c.state === 'pending' && (
              <Flex gap={8}>
                <Button
                  size="small"
                  type="primary"
                  loading={answer.isPending}
                  onClick={() => answer.mutate({ id: c.id, confirm: true })}
                  aria-label={`${t('tutors.confirm')}: ${c.studentName}`}
                >
                  {t('tutors.confirm')}
                </Button>
                <Button
                  size="small"
                  danger
                  loading={answer.isPending}
                  onClick={() => answer.mutate({ id: c.id, confirm: false })}
                  aria-label={`${t('tutors.decline')}: ${c.studentName}`}
                >
                  {t('tutors.decline')}
                </Button>
              </Flex>
            ),
        },
      ]}
    />
  );
}

/**
 * The task's classes: how many students have chosen, have not yet, and were confirmed; or, for one
 * round, its choices waiting, confirmed and declined and who has still to choose (decision 0130).
 */
function ProgressTable({ task }: { task: TutorTask }) {
  const { t } = useTranslation();
  const [round, setRound] = useState<number | 'all'>('all');
  const progress = useQuery({
    queryKey: ['tutors', 'progress', task.id],
    queryFn: ({ signal }) => taskProgress(task.id, signal),
  });
  const ofRound = (p: ClassProgress) => p.rounds.find((r) => r.round === round);
  return (
    <Flex vertical gap={12}>
      <Segmented<number | 'all'>
        data-testid="tutor-progress-rounds"
        value={round}
        onChange={setRound}
        options={[
          { value: 'all', label: t('tutors.allRounds') },
          ...Array.from({ length: task.round }, (_, i) => ({
            value: i + 1,
            label: t('tutors.roundN', { round: i + 1 }),
          })),
        ]}
        style={{ alignSelf: 'start' }}
      />
      <Table<ClassProgress>
        rowKey="classId"
        loading={progress.isPending}
        dataSource={progress.data ?? []}
        pagination={false}
        data-testid="tutor-progress"
        locale={{ emptyText: t('tutors.progressEmpty') }}
        columns={
          round === 'all'
            ? [
                { title: t('tutors.className'), dataIndex: 'className' },
                { title: t('tutors.students'), dataIndex: 'students' },
                { title: t('tutors.chosen'), dataIndex: 'chosen' },
                {
                  title: t('tutors.notYet'),
                  key: 'notYet',
                  render: (_v, p) => Math.max(0, p.students - p.chosen),
                },
                { title: t('tutors.confirmed'), dataIndex: 'confirmed' },
              ]
            : [
                { title: t('tutors.className'), dataIndex: 'className' },
                { title: t('tutors.students'), dataIndex: 'students' },
                { title: t('tutors.waiting'), key: 'chosen', render: (_v, p) => ofRound(p)?.chosen ?? 0 },
                { title: t('tutors.confirmed'), key: 'confirmed', render: (_v, p) => ofRound(p)?.confirmed ?? 0 },
                { title: t('tutors.declined'), key: 'declined', render: (_v, p) => ofRound(p)?.declined ?? 0 },
                { title: t('tutors.notYet'), key: 'notChosen', render: (_v, p) => ofRound(p)?.notChosen ?? 0 },
              ]
        }
      />
    </Flex>
  );
}

/**
 * `/data/taskSelectProgress`: a task's progress by class in its current round, and, for a tutor,
 * the students who chose them to confirm or decline (decision 0087).
 */
export function TaskProgressPage() {
  const { t } = useTranslation();
  const tasks = useQuery({ queryKey: ['tutors', 'progressTasks'], queryFn: ({ signal }) => progressTasks(signal) });
  const tutoring = useQuery({ queryKey: ['tutors', 'tutoring'], queryFn: ({ signal }) => tutoringTasks(signal) });
  const [picked, setPicked] = useState<number | undefined>();
  const list = tasks.data ?? [];
  const task = list.find((k) => k.id === picked) ?? list[0];
  return (
    <Flex vertical gap={16} data-testid="tutor-progress-page">
      <Card loading={tasks.isPending}>
        {task ? (
          <Flex vertical gap={12}>
            <Flex gap={12} align="center" wrap>
              <Typography.Text>{t('tutors.pickTask')}</Typography.Text>
              <Select
                value={task.id}
                onChange={setPicked}
                style={{ minWidth: 260 }}
                options={list.map((k) => ({ value: k.id, label: k.name }))}
                data-testid="tutor-progress-task"
              />
              <Typography.Text type="secondary">
                {t('tutors.roundOf', { round: task.round, rounds: task.rounds })}
              </Typography.Text>
            </Flex>
            <ProgressTable key={task.id} task={task} />
          </Flex>
        ) : (
          <Empty description={t('tutors.noTasks')} />
        )}
      </Card>
      {(tutoring.data ?? []).length > 0 && (
        <Card title={t('tutors.mine')}>
          <Flex vertical gap={16}>
            {(tutoring.data ?? []).map((k) => (
              <TuteeTable key={k.id} task={k} />
            ))}
          </Flex>
        </Card>
      )}
    </Flex>
  );
}

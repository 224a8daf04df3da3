import type { tutorTask } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Output } from '../../shared/contracts.ts';
import { errorText } from '../../shared/errors.ts';
import { get, post } from '../../shared/request.ts';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import { H5ListState } from '../shell/ListState.tsx';

type OpenTask = Output<typeof tutorTask> & { myTutorId: number | null; myState: string | null };
type ChoiceState = 'pending' | 'confirmed' | 'declined';
const at = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

const myTasks = (signal?: AbortSignal) => get<OpenTask[]>('apis-psychology/h5/tutorChoice/mine', { signal });
const choose = (body: { taskId: number; tutorId: number }) =>
  post<{ taskId: number; tutorId: number; state: 'pending' }>('apis-psychology/h5/tutorChoice/choose', body);

function TaskCard({ task }: { task: OpenTask }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const take = useMutation({
    mutationFn: (tutorId: number) => choose({ taskId: task.id, tutorId }),
    onSuccess: () => {
      message.success(t('tutors.done'));
      void queryClient.invalidateQueries({ queryKey: ['h5', 'tutors'] });
    },
    // A refusal (the last place just taken, already chosen, closed) is shown on the card in the server's words.
    onError: () => void queryClient.invalidateQueries({ queryKey: ['h5', 'tutors'] }),
    meta: { silentError: true },
  });
  const mine = task.tutors.find((x) => x.id === task.myTutorId);
  return (
    <Card size="small" data-testid="h5-tutor-task" style={{ marginBottom: 12 }}>
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="start" gap={8}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {task.name}
          </Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{t('tutors.round', { round: task.round, rounds: task.rounds })}</Tag>
        </Flex>
        <Typography.Text type="secondary">{t('tutors.until', { at: at(task.closesAt) })}</Typography.Text>
        {mine && (
          <Alert
            type={task.myState === 'confirmed' ? 'success' : 'info'}
            showIcon
            title={t('tutors.mine', { name: mine.name })}
            description={t(`tutors.states.${(task.myState ?? 'pending') as ChoiceState}`)}
            data-testid="h5-tutor-mine"
          />
        )}
        {take.isError && <Alert type="warning" showIcon title={errorText(take.error)} data-testid="h5-tutor-refused" />}
        {!mine &&
          task.tutors.map((x) => {
            const left = Math.max(0, x.quota - x.taken);
            return (
              <Flex key={x.id} justify="space-between" align="center" gap={8} data-testid="h5-tutor">
                <Flex vertical>
                  <Typography.Text strong>{x.name}</Typography.Text>
                  <Typography.Text type="secondary" data-testid="h5-tutor-left">
                    {t('tutors.left', { left, quota: x.quota })}
                  </Typography.Text>
                </Flex>
                <Button
                  type="primary"
                  disabled={left === 0}
                  loading={take.isPending && take.variables === x.id}
                  onClick={() => take.mutate(x.id)}
                  aria-label={`${left === 0 ? t('tutors.full') : t('tutors.choose')}: ${x.name}`}
                  style={{ minWidth: 88 }}
                >
                  {left === 0 ? t('tutors.full') : t('tutors.choose')}
                </Button>
              </Flex>
            );
          })}
      </Flex>
    </Card>
  );
}

/** The tutor choices open now to the student's class: each tutor's places, choosing one, and my choice. */
export function TutorsPage() {
  const { t } = useTranslation();
  const tasks = useQuery({
    queryKey: ['h5', 'tutors'],
    queryFn: ({ signal }) => myTasks(signal),
    meta: { silentError: true },
  });
  useSessionCheck(tasks.error);
  const list = tasks.data ?? [];
  return (
    <div data-testid="h5-tutors">
      <Link to="/tasks">{t('tutors.back')}</Link>
      <Typography.Title level={3} style={{ marginTop: 8, marginBottom: 4 }}>
        {t('tutors.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('tutors.intro')}</Typography.Paragraph>
      <H5ListState
        query={tasks}
        list={list}
        words={{
          loading: t('tutors.loading'),
          loadFailed: t('tutors.loadFailed'),
          retry: t('tutors.retry'),
          label: t('tutors.heading'),
        }}
        empty={
          <>
            <Typography.Text style={{ fontSize: 16 }}>{t('tutors.empty')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('tutors.hint')}</Typography.Text>
          </>
        }
      >
        {(items) => items.map((k) => <TaskCard key={k.id} task={k} />)}
      </H5ListState>
    </div>
  );
}

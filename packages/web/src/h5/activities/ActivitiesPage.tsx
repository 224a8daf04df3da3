import { CalendarOutlined, EnvironmentOutlined, UserOutlined } from '@ant-design/icons';
import type { openActivity } from '@meridian/contracts';
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

type OpenActivity = Output<typeof openActivity>;
const at = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

const myActivities = (signal?: AbortSignal) => get<OpenActivity[]>('apis-psychology/h5/activity/mine', { signal });
const signUp = (body: { activityId: number; studentId: number }) =>
  post<{ signed: number; quota: number }>('apis-psychology/h5/activity/signup', body);

function ActivityCard({ activity }: { activity: OpenActivity }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: () => signUp({ activityId: activity.id, studentId: activity.studentId }),
    onSuccess: () => {
      message.success(t('activities.done'));
      void queryClient.invalidateQueries({ queryKey: ['h5', 'activities'] });
    },
    // A refusal (already signed up, full, closed) is shown on the card, in the server's words.
    onError: () => void queryClient.invalidateQueries({ queryKey: ['h5', 'activities'] }),
    meta: { silentError: true },
  });
  const full = activity.signed >= activity.quota;
  const label = activity.signedUp ? t('activities.signedUp') : full ? t('activities.full') : t('activities.signUp');
  return (
    <Card size="small" data-testid="h5-activity" style={{ marginBottom: 12 }}>
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="start" gap={8}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {activity.title}
          </Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`activities.kinds.${activity.kind}`)}</Tag>
        </Flex>
        <Typography.Text type="secondary">{activity.orgName}</Typography.Text>
        <Typography.Text>
          <UserOutlined aria-hidden />{' '}
          {activity.by === 'parent'
            ? t('activities.forChild', { name: activity.studentName })
            : t('activities.forSelf', { name: activity.studentName })}
        </Typography.Text>
        <Typography.Text type="secondary">
          <CalendarOutlined aria-hidden />{' '}
          {t('activities.when', { from: at(activity.startsAt), to: at(activity.endsAt) })}
        </Typography.Text>
        {activity.place && (
          <Typography.Text type="secondary">
            <EnvironmentOutlined aria-hidden /> {activity.place}
          </Typography.Text>
        )}
        {activity.description && (
          <Typography.Paragraph style={{ marginBottom: 0 }}>{activity.description}</Typography.Paragraph>
        )}
        <Flex justify="space-between" gap={8} wrap>
          <Typography.Text type="secondary">{t('activities.until', { at: at(activity.signupUntil) })}</Typography.Text>
          <Typography.Text data-testid="h5-activity-places">
            {t('activities.places', { signed: activity.signed, quota: activity.quota })}
          </Typography.Text>
        </Flex>
        {join.isError && (
          <Alert type="warning" showIcon title={errorText(join.error)} data-testid="h5-activity-refused" />
        )}
        <Button
          type="primary"
          block
          disabled={activity.signedUp || full}
          loading={join.isPending}
          onClick={() => join.mutate()}
          aria-label={`${label}: ${activity.title}`}
          style={{ marginTop: 4 }}
        >
          {label}
        </Button>
      </Flex>
    </Card>
  );
}

/** Activities open for sign-up now to the student, or to a parent's children. */
export function ActivitiesPage() {
  const { t } = useTranslation();
  const activities = useQuery({
    queryKey: ['h5', 'activities'],
    queryFn: ({ signal }) => myActivities(signal),
    meta: { silentError: true },
  });
  useSessionCheck(activities.error);
  const list = activities.data ?? [];
  return (
    <div data-testid="h5-activities">
      <Link to="/tasks">{t('activities.back')}</Link>
      <Typography.Title level={3} style={{ marginTop: 8, marginBottom: 4 }}>
        {t('activities.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('activities.intro')}</Typography.Paragraph>
      <H5ListState
        query={activities}
        list={list}
        words={{
          loading: t('activities.loading'),
          loadFailed: t('activities.loadFailed'),
          retry: t('activities.retry'),
          label: t('activities.heading'),
        }}
        empty={
          <>
            <Typography.Text style={{ fontSize: 16 }}>{t('activities.empty')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('activities.hint')}</Typography.Text>
          </>
        }
      >
        {(items) => items.map((a) => <ActivityCard key={`${a.id}-${a.studentId}-${a.by}`} activity={a} />)}
      </H5ListState>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Select, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { type CounsellingGroup, type GroupSession, groupOf, groupPage, sessionPage } from './api.ts';
import { GROUP_COLOUR } from './GroupApplyPage.tsx';
import { sessionColumns } from './GroupRecordPage.tsx';
import './strings.ts';

/**
 * `/data/grp?id=`: one counselling group's archive (decision 0109): its application, its members
 * (each a link to the student's archive) and the sessions held. A group outside the caller's scope
 * is answered in the server's words.
 */
export function GroupArchivePage() {
  const { t } = useTranslation();
  const can = useCan('/data/groupApply');
  return (
    <ViewGuard may={can('view')} testId="group-archive-page" refusal={t('counsel.archive.noAccess')}>
      <Archive />
    </ViewGuard>
  );
}

function Archive() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const groups = useQuery({
    queryKey: ['counsel', 'groups', 'archive'],
    queryFn: ({ signal }) => groupPage({ page: 1, size: 100 }, signal),
    meta: { silentError: true },
  });
  return (
    <Flex vertical gap={16} data-testid="group-archive-page">
      <Card>
        <Select<number>
          showSearch
          optionFilterProp="label"
          style={{ width: 320, maxWidth: '100%' }}
          aria-label={t('counsel.archive.group')}
          data-testid="group-archive-pick"
          placeholder={t('counsel.archive.pick')}
          loading={groups.isPending}
          // A group the list does not hold (another school's) is not named by its bare id.
          value={groups.data?.list.some((g) => g.id === id) ? id : undefined}
          onChange={(next) => setParams({ id: String(next) })}
          options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.title }))}
        />
      </Card>
      {id === undefined ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={groups.data?.total === 0 ? t('counsel.archive.none') : t('counsel.archive.pick')}
          />
        </Card>
      ) : (
        <GroupArchive key={id} id={id} />
      )}
    </Flex>
  );
}

function GroupArchive({ id }: { id: number }) {
  const group = useQuery({
    queryKey: ['counsel', 'group', id],
    queryFn: ({ signal }) => groupOf(id, signal),
    meta: { silentError: true },
  });
  if (group.isError)
    return (
      <Card>
        <LoadFailed error={group.error} onRetry={() => void group.refetch()} retrying={group.isFetching} />
      </Card>
    );
  if (!group.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  return (
    <>
      <Application group={group.data} />
      <Members group={group.data} />
      <Sessions id={id} />
    </>
  );
}

function Application({ group: g }: { group: CounsellingGroup }) {
  const { t } = useTranslation();
  return (
    <Card
      title={g.title}
      extra={<Tag color={GROUP_COLOUR[g.state]}>{t(`counsel.groupState.${g.state}`)}</Tag>}
      data-testid="group-archive-application"
    >
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('counsel.apply.topic')}>{g.topic}</Descriptions.Item>
        <Descriptions.Item label={t('counsel.apply.startsOn')}>{g.startsOn}</Descriptions.Item>
        <Descriptions.Item label={t('counsel.apply.held')}>
          {t('counsel.archive.planned', { held: g.sessionsHeld, total: g.sessions })}
        </Descriptions.Item>
        <Descriptions.Item label={t('counsel.apply.applicant')}>{g.applicantName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('counsel.archive.createdAt')}>{timeText(g.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('counsel.archive.reviewedAt')}>
          {g.reviewedAt === null ? '-' : timeText(g.reviewedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('counsel.apply.reviewNote')} span={2}>
          {g.reviewNote ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('counsel.apply.plan')} span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{g.plan}</Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Members({ group: g }: { group: CounsellingGroup }) {
  const { t } = useTranslation();
  return (
    <Card title={t('counsel.archive.members', { count: g.members.length })} data-testid="group-archive-members">
      <Typography.Paragraph type="secondary">{t('counsel.archive.membersHint')}</Typography.Paragraph>
      <Flex wrap gap={8}>
        {g.members.map((m) => (
          <Link key={m.studentId} to={`/data/studentFileDetails/${m.studentId}`}>
            <Tag color="blue">{m.name}</Tag>
          </Link>
        ))}
      </Flex>
    </Card>
  );
}

function Sessions({ id }: { id: number }) {
  const { t } = useTranslation();
  const sessions = usePagedList<{ groupId: number }, GroupSession>(
    ['counsel', 'sessions', 'archive', id],
    sessionPage,
    {
      filters: { groupId: id },
    },
  );
  return (
    <Card title={t('counsel.archive.sessions')}>
      <PagedTable<GroupSession>
        list={sessions}
        rowKey="id"
        data-testid="group-archive-sessions"
        locale={{ emptyText: t('counsel.session.empty') }}
        scroll={{ x: 720 }}
        columns={sessionColumns(t)}
      />
    </Card>
  );
}

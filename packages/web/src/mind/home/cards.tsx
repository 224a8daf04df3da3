import type { HomeSummary } from '@meridian/contracts';
import { Card, Empty, Flex, Progress, Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang } from '../../shared/i18n.ts';
import { Text } from '../../shared/typography.tsx';

/** A card of the home page: its title, a link to the page it summarises, its rows or a sentence. */
export function HomeCard(props: {
  testId: string;
  title: string;
  to: string;
  total?: number;
  empty: string;
  children: ReactNode[];
}) {
  const { t } = useTranslation();
  return (
    <Card
      data-testid={props.testId}
      title={props.title}
      style={{ height: '100%' }}
      extra={
        <Flex gap={12} align="center">
          {props.total !== undefined && props.total > 0 && (
            <Text type="secondary">{t('home.total', { total: props.total })}</Text>
          )}
          <Link to={props.to} data-testid={`${props.testId}-more`}>
            {t('home.more')}
          </Link>
        </Flex>
      }
    >
      {props.children.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} style={{ margin: 0 }} />
      ) : (
        <Flex vertical gap={12}>
          {props.children}
        </Flex>
      )}
    </Card>
  );
}

const day = (at: number) => dayjs(at).format('MM-DD');
const minute = (at: number) => dayjs(at).format('MM-DD HH:mm');

/** A row: what it is (a link to it) on the left, a detail on the right. */
function Row({ to, label, detail }: { to: string; label: string; detail: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={12}>
      <Link to={to} style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {label}
      </Link>
      <Text type="secondary" style={{ flex: 'none', fontSize: 13 }}>
        {detail}
      </Text>
    </Flex>
  );
}

/** Where a to-do is handled, as on the to-do page: a warning's page, or the teacher's assessments. */
function todoTarget(todo: HomeSummary['todos']['list'][number]): string {
  if (todo.sourceType === 'warning') return `/data/intervene?id=${todo.sourceId}`;
  if (todo.kind === 'assessment.remind') return '/data/scaleMeasurementTeacher';
  return '/pending';
}

/** The rows of each card, built here so that an empty card can say so instead. */
export function todoRows(todos: HomeSummary['todos']): ReactNode[] {
  return todos.list.map((todo) => (
    <Row key={todo.id} to={todoTarget(todo)} label={todo.title} detail={minute(todo.createdAt)} />
  ));
}

export function taskRows(tasks: NonNullable<HomeSummary['tasks']>, t: TFunction): ReactNode[] {
  return tasks.list.map((task) => (
    <Flex key={task.id} vertical gap={2}>
      <Row
        to={`/data/progressMonitor?id=${task.id}`}
        label={task.name}
        detail={t('home.endsOn', { date: day(task.endsAt) })}
      />
      <Flex align="center" gap={12}>
        <Progress
          percent={task.assignees === 0 ? 0 : Math.round((task.done / task.assignees) * 100)}
          size="small"
          showInfo={false}
          style={{ margin: 0, flex: 1 }}
        />
        <Text type="secondary" style={{ fontSize: 13, flex: 'none' }}>
          {t('home.taskProgress', { done: task.done, total: task.assignees })}
        </Text>
      </Flex>
    </Flex>
  ));
}

export function warningLevels(warnings: NonNullable<HomeSummary['warnings']>, t: TFunction): ReactNode[] {
  if (warnings.total === 0) return [];
  const lang = currentLang();
  return [
    <Text key="total" strong>
      {t('home.newWarnings', { total: warnings.total })}
    </Text>,
    <Flex key="levels" gap={8} wrap>
      {warnings.byLevel.map((level) => (
        <Link key={level.code} to="/data/intervene" data-testid={`home-level-${level.code}`}>
          <Tag color={level.colour} style={{ fontSize: 14, padding: '4px 10px' }}>
            {level.name[lang] || level.name['zh-CN'] || level.code} {level.count}
          </Tag>
        </Link>
      ))}
    </Flex>,
  ];
}

export function interviewRows(interviews: NonNullable<HomeSummary['interviews']>): ReactNode[] {
  return interviews.list.map((row) => (
    <Row
      key={row.id}
      to={`/data/intervene?id=${row.warningId}`}
      label={row.studentName}
      detail={minute(row.happenedAt)}
    />
  ));
}

export function homeVisitRows(visits: NonNullable<HomeSummary['homeVisits']>, t: TFunction): ReactNode[] {
  return visits.list.map((task) => (
    <Row
      key={task.id}
      to={`/data/homeVisitRecord?taskId=${task.id}`}
      label={task.name}
      detail={`${t('home.endsOn', { date: day(task.endsAt) })} · ${t('home.visited', { count: task.visited })}`}
    />
  ));
}

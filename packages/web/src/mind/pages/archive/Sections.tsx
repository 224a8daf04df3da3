import { Collapse, Empty, Flex, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBandLabels } from '../assessments/lookups.ts';
import type {
  ArchiveAppointment,
  ArchiveGroup,
  ArchiveIntervention,
  ArchiveResult,
  ArchiveVisit,
  ArchiveWarning,
  SemesterFile,
} from './api.ts';
import { LevelTag, timeText } from './common.tsx';
import './strings.ts';

const newest = <T,>(rows: T[]) => rows.toReversed();

/** Every scale result of the file, newest first, each linking to its report. */
export function ResultsTable({ rows }: { rows: ArchiveResult[] }) {
  const { t } = useTranslation();
  const bandLabel = useBandLabels(rows.map((r) => r.scaleId));
  return (
    <Table<ArchiveResult>
      rowKey="id"
      size="small"
      pagination={false}
      data-testid="archive-results"
      dataSource={newest(rows)}
      locale={{ emptyText: t('archive.result.empty') }}
      columns={[
        { title: t('archive.result.scale'), dataIndex: 'scaleName' },
        {
          title: t('archive.result.total'),
          dataIndex: 'total',
          width: 80,
          render: (total: number | null, r) => (r.valid ? (total ?? '-') : <Tag>{t('archive.result.invalid')}</Tag>),
        },
        {
          title: t('archive.result.band'),
          dataIndex: 'band',
          width: 120,
          render: (band: string | null, r) => bandLabel(r.scaleId, band),
        },
        {
          title: t('archive.result.level'),
          dataIndex: 'warningLevel',
          width: 100,
          render: (l) => <LevelTag level={l} />,
        },
        { title: t('archive.result.at'), dataIndex: 'submittedAt', width: 150, render: timeText },
        {
          title: t('system.actions'),
          key: 'report',
          width: 70,
          render: (_v, r) => <Link to={`/data/scaleResultReport?id=${r.id}`}>{t('archive.result.report')}</Link>,
        },
      ]}
    />
  );
}

/** The warnings of the file with what was done about each, step by step and by whom. */
export function WarningsList({ rows }: { rows: ArchiveWarning[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Empty description={t('archive.warning.empty')} />;
  return (
    <Flex vertical gap={16} data-testid="archive-warnings">
      {newest(rows).map((w) => (
        <div key={w.id} style={{ border: '1px solid rgba(5,5,5,0.06)', borderRadius: 8, padding: 16 }}>
          <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
            <LevelTag level={w.level} />
            <Tag>{t(`archive.warning.states.${w.state}`)}</Tag>
            <Typography.Text strong>{w.reason ?? w.rule}</Typography.Text>
            <Typography.Text type="secondary">
              {t('archive.warning.at')} {timeText(w.createdAt)}
              {w.closedAt ? ` · ${t('archive.warning.closedAt')} ${timeText(w.closedAt)}` : ''}
            </Typography.Text>
          </Flex>
          <Timeline
            items={w.history.map((h) => ({
              key: `${h.action}-${h.at}`,
              title: <Typography.Text type="secondary">{timeText(h.at)}</Typography.Text>,
              content: (
                <span>
                  {t(`archive.warning.actions.${h.action}`)}
                  {h.by ? ` · ${h.by}` : ''}
                  {h.reason ? ` · ${h.reason}` : ''}
                </span>
              ),
            }))}
          />
        </div>
      ))}
    </Flex>
  );
}

export function InterventionsTable({ rows }: { rows: ArchiveIntervention[] }) {
  const { t } = useTranslation();
  return (
    <Table<ArchiveIntervention>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={newest(rows)}
      locale={{ emptyText: t('archive.intervention.empty') }}
      scroll={{ x: 900 }}
      expandable={{
        expandedRowRender: (i) => (
          <Flex vertical gap={4}>
            {i.assessment && <span>{`${t('archive.intervention.assessment')}：${i.assessment}`}</span>}
            {i.nextStep && <span>{`${t('archive.intervention.nextStep')}：${i.nextStep}`}</span>}
          </Flex>
        ),
        rowExpandable: (i) => !!(i.assessment || i.nextStep),
      }}
      columns={[
        {
          title: t('archive.intervention.kind'),
          dataIndex: 'kind',
          width: 100,
          render: (k: string) => <Tag>{t(`archive.intervention.kinds.${k}`)}</Tag>,
        },
        { title: t('archive.intervention.at'), dataIndex: 'happenedAt', width: 150, render: timeText },
        { title: t('archive.intervention.place'), dataIndex: 'place', width: 120 },
        { title: t('archive.intervention.people'), dataIndex: 'people', width: 140 },
        { title: t('archive.intervention.content'), dataIndex: 'content', ellipsis: true },
        { title: t('archive.intervention.by'), dataIndex: 'by', width: 100 },
      ]}
    />
  );
}

export function VisitsTable({ rows }: { rows: ArchiveVisit[] }) {
  const { t } = useTranslation();
  return (
    <Table<ArchiveVisit>
      rowKey="id"
      size="small"
      pagination={false}
      data-testid="archive-visits"
      dataSource={newest(rows)}
      locale={{ emptyText: t('archive.visit.empty') }}
      scroll={{ x: 800 }}
      columns={[
        { title: t('archive.visit.at'), dataIndex: 'visitedAt', width: 150, render: timeText },
        {
          title: t('archive.visit.task'),
          dataIndex: 'taskName',
          width: 160,
          render: (name: string | null) => name ?? t('archive.visit.unplanned'),
        },
        { title: t('archive.visit.way'), dataIndex: 'way', width: 80, render: (w: string) => t(`visits.ways.${w}`) },
        { title: t('archive.visit.people'), dataIndex: 'people', width: 140 },
        { title: t('archive.visit.summary'), dataIndex: 'summary', ellipsis: true },
      ]}
    />
  );
}

export function CounsellingLists({
  groups,
  appointments,
}: {
  groups: ArchiveGroup[];
  appointments: ArchiveAppointment[];
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={5}>{t('archive.counselling.groups')}</Typography.Title>
      <Table<ArchiveGroup>
        rowKey={(g) => `${g.groupId}-${g.sessionId ?? 0}`}
        size="small"
        pagination={false}
        dataSource={newest(groups)}
        locale={{ emptyText: t('archive.counselling.emptyGroups') }}
        columns={[
          { title: t('archive.counselling.group'), dataIndex: 'title' },
          {
            title: t('archive.counselling.heldAt'),
            dataIndex: 'heldAt',
            width: 150,
            render: (at: number | null) => (at ? timeText(at) : t('archive.counselling.noSession')),
          },
          { title: t('archive.intervention.content'), dataIndex: 'content', ellipsis: true },
          {
            title: t('archive.counselling.attended'),
            dataIndex: 'absent',
            width: 80,
            render: (absent: boolean, g) =>
              g.sessionId === null ? '-' : absent ? t('archive.counselling.absent') : t('archive.counselling.attended'),
          },
        ]}
      />
      <Typography.Title level={5}>{t('archive.counselling.appointments')}</Typography.Title>
      <Table<ArchiveAppointment>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={newest(appointments)}
        locale={{ emptyText: t('archive.counselling.emptyAppointments') }}
        columns={[
          {
            title: t('archive.warning.state'),
            dataIndex: 'state',
            width: 90,
            render: (s: string) => <Tag>{t(`archive.timeline.appointmentStates.${s}`)}</Tag>,
          },
          { title: t('archive.counselling.wantedAt'), dataIndex: 'wantedAt', width: 150, render: timeText },
          { title: t('archive.counselling.sessionAt'), dataIndex: 'sessionAt', width: 150, render: timeText },
          { title: t('archive.counselling.reason'), dataIndex: 'reason', ellipsis: true },
          { title: t('archive.counselling.summary'), dataIndex: 'summary', ellipsis: true },
          { title: t('archive.counselling.rating'), dataIndex: 'rating', width: 70, render: (r) => r ?? '-' },
        ]}
      />
    </Flex>
  );
}

/** `queryXnxqHistory` as one panel per semester, the current one open. */
export function SemesterPanels({ semesters }: { semesters: SemesterFile[] }) {
  const { t } = useTranslation();
  if (semesters.length === 0) return <Empty description={t('archive.semester.empty')} />;
  const keyOf = (s: SemesterFile) => String(s.semester?.id ?? 'outside');
  return (
    <Collapse
      data-testid="archive-semesters"
      defaultActiveKey={semesters.filter((s) => s.current).map(keyOf)}
      items={semesters.map((s) => {
        const empty = s.results.length + s.warnings.length + s.homeVisits.length + s.growthRecords.length === 0;
        return {
          key: keyOf(s),
          label: (
            <Flex gap={8} align="center">
              {s.semester
                ? t('archive.semester.name', { year: s.semester.schoolYear, term: s.semester.term })
                : t('archive.semester.outside')}
              {s.current && <Tag color="blue">{t('archive.semester.current')}</Tag>}
              <Typography.Text type="secondary">
                {`${t('archive.list.results')} ${s.results.length} · ${t('archive.list.warnings')} ${s.warnings.length} · ${t('archive.list.visits')} ${s.homeVisits.length} · ${t('archive.tabs.growth')} ${s.growthRecords.length}`}
              </Typography.Text>
            </Flex>
          ),
          children: empty ? (
            <Empty description={t('archive.semester.nothing')} />
          ) : (
            <Flex vertical gap={12}>
              {s.results.length > 0 && <ResultsTable rows={s.results} />}
              {s.warnings.length > 0 && <WarningsList rows={s.warnings} />}
              {s.homeVisits.length > 0 && <VisitsTable rows={s.homeVisits} />}
            </Flex>
          ),
        };
      })}
    />
  );
}

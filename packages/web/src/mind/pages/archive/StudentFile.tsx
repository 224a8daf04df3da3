import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLang } from '../../../shared/i18n.ts';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { StudentStatusTag } from '../../../shared/people/labels.tsx';
import { useCan } from '../assessments/can.ts';
import { SignedFormsTable } from '../signing/SignedFormsTable.tsx';
import { type ArchiveDetails, archiveBySemester, archiveDetails } from './api.ts';
import { isNotFound, LevelTag, ParentTags, StudentNotFound, sameStudent } from './common.tsx';
import { FamilyPanel } from './FamilyPanel.tsx';
import { GrowthPanel } from './GrowthPanel.tsx';
import { MoodPanel } from './MoodPanel.tsx';
import {
  CounsellingLists,
  InterventionsTable,
  ResultsTable,
  SemesterPanels,
  VisitsTable,
  WarningsList,
} from './Sections.tsx';
import { TimelineView } from './TimelineView.tsx';
import '../homevisits/strings.ts';
import './strings.ts';

const TABS = [
  'base',
  'family',
  'semesters',
  'warnings',
  'interventions',
  'homeVisits',
  'signedForms',
  'counselling',
  'growth',
  'mood',
  'timeline',
] as const;
type TabKey = (typeof TABS)[number];

function BaseInfo({ file }: { file: ArchiveDetails }) {
  const { t } = useTranslation();
  const s = file.student;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="archive-base">
      <Descriptions.Item label={t('system.people.col.name')}>{s.name}</Descriptions.Item>
      <Descriptions.Item label={t('system.people.col.studentNo')}>{s.studentNo}</Descriptions.Item>
      <Descriptions.Item label={t('system.people.col.gender')}>
        {t(`system.people.gender.${s.gender}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('archive.base.birthday')}>{s.birthday ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('system.people.col.school')}>{s.school?.name ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('system.people.col.class')}>
        {[s.grade?.name, s.class?.name].filter(Boolean).join(' ') || '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('archive.base.enrolYear')}>{s.enrolYear ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('system.people.col.status')}>
        <StudentStatusTag status={s.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('archive.base.parents')} span={2}>
        <ParentTags parents={file.parents} />
      </Descriptions.Item>
    </Descriptions>
  );
}

function Semesters({ studentId }: { studentId: number }) {
  const semesters = useQuery({
    queryKey: ['archive', 'semesters', studentId, currentLang()],
    placeholderData: sameStudent(studentId),
    queryFn: ({ signal }) => archiveBySemester(studentId, signal),
    meta: { silentError: true },
  });
  if (semesters.isPending) return <Skeleton active />;
  if (semesters.isError)
    return <LoadFailed error={semesters.error} onRetry={() => semesters.refetch()} retrying={semesters.isFetching} />;
  return <SemesterPanels semesters={semesters.data} />;
}

/**
 * One student, one file: the base information, family, results by semester, warnings with what was
 * done, interventions, home visits, counselling, growth records and the timeline. Outside the
 * caller's scope the student is "not found", whatever the address says.
 */
export function StudentFile({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((k) => k === params.get('tab')) ?? 'base';
  const canReadMood = useCan('/data/moodJournal');
  const file = useQuery({
    queryKey: ['archive', 'details', studentId, currentLang()],
    placeholderData: sameStudent(studentId),
    queryFn: ({ signal }) => archiveDetails(studentId, signal),
    meta: { silentError: true },
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
  if (file.isPending) return <Skeleton active data-testid="archive-loading" />;
  if (file.isError)
    return isNotFound(file.error) ? (
      <StudentNotFound />
    ) : (
      <LoadFailed error={file.error} onRetry={() => file.refetch()} retrying={file.isFetching} />
    );
  const f = file.data;
  const lastWarning = f.warnings.at(-1);
  const count = (n: number) => (n > 0 ? ` (${n})` : '');
  const body: Record<TabKey, { label: string; node: React.ReactNode }> = {
    base: { label: t('archive.tabs.base'), node: <BaseInfo file={f} /> },
    family: { label: t('archive.tabs.family'), node: <FamilyPanel studentId={studentId} /> },
    semesters: { label: t('archive.tabs.semesters'), node: <Semesters studentId={studentId} /> },
    warnings: {
      label: t('archive.tabs.warnings') + count(f.warnings.length),
      node: (
        <Flex vertical gap={16}>
          <WarningsList rows={f.warnings} />
          <ResultsTable rows={f.results} />
        </Flex>
      ),
    },
    interventions: {
      label: t('archive.tabs.interventions') + count(f.interventions.length),
      node: <InterventionsTable rows={f.interventions} />,
    },
    homeVisits: {
      label: t('archive.tabs.homeVisits') + count(f.homeVisits.length),
      node: <VisitsTable rows={f.homeVisits} />,
    },
    signedForms: {
      label: t('signing.archiveTab') + count(f.signedForms.length),
      node: <SignedFormsTable rows={f.signedForms} />,
    },
    counselling: {
      label: t('archive.tabs.counselling'),
      node: <CounsellingLists groups={f.groupCounselling} appointments={f.appointments} />,
    },
    growth: {
      label: t('archive.tabs.growth') + count(f.growthRecords.length),
      node: <GrowthPanel studentId={studentId} />,
    },
    mood: { label: t('archive.tabs.mood'), node: <MoodPanel studentId={studentId} /> },
    timeline: { label: t('archive.tabs.timeline'), node: <TimelineView studentId={studentId} /> },
  };
  // A student's mood is shown to those who may read the mood journal (decision 0151).
  const shown = TABS.filter((key) => key !== 'mood' || canReadMood('view'));
  return (
    <Card data-testid="student-file">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 8 }}>
        <Flex gap={12} align="center" wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="student-file-name">
            {f.student.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {[f.student.studentNo, f.student.school?.name, f.student.grade?.name, f.student.class?.name]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
          {lastWarning && <LevelTag level={lastWarning.level} />}
        </Flex>
        <Flex gap={12} align="center">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('archive.audited')}
          </Typography.Text>
          <Link to="/data/studentFile">{t('archive.backToList')}</Link>
        </Flex>
      </Flex>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) =>
          setParams(
            (current) => {
              const copy = new URLSearchParams(current);
              copy.set('tab', key);
              return copy;
            },
            { replace: true },
          )
        }
        items={shown.map((key) => ({
          key,
          label: <span data-testid={`file-tab-${key}`}>{body[key].label}</span>,
          children: body[key].node,
        }))}
      />
    </Card>
  );
}

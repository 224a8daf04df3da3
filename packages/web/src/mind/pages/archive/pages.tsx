import { Card, Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StudentChooser, StudentNotFound, useStudentParam } from './common.tsx';
import { FamilyPanel } from './FamilyPanel.tsx';
import { GrowthPanel } from './GrowthPanel.tsx';
import { StudentFile } from './StudentFile.tsx';
import { TimelineView } from './TimelineView.tsx';
import './strings.ts';

/** The roster id of a `{userId}` route (decision 0034: most pupils have no account, so the file is keyed by the roster). */
function useRouteStudent(): number | undefined {
  const { userId } = useParams();
  const id = Number(userId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** `studentFileDetails/{userId}`: the whole file. */
export function StudentFileDetailsPage() {
  const studentId = useRouteStudent();
  return studentId ? <StudentFile studentId={studentId} /> : <StudentNotFound />;
}

/** `growthRecord/{userId}`: one student's growth records. */
export function GrowthRecordPage() {
  const studentId = useRouteStudent();
  return (
    <Card data-testid="growth-page">{studentId ? <GrowthPanel studentId={studentId} /> : <StudentNotFound />}</Card>
  );
}

/** A page about one student chosen on the page (`?studentId=`): the chooser, then the part of the file. */
function ChosenStudent({ testId, children }: { testId: string; children(studentId: number): ReactNode }) {
  const { t } = useTranslation();
  const [studentId, setStudentId] = useStudentParam();
  return (
    <Card data-testid={testId}>
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        <Typography.Text>{t('archive.pick')}</Typography.Text>
        <StudentChooser value={studentId} onChange={setStudentId} />
      </Flex>
      {studentId ? children(studentId) : <Empty description={t('archive.pickHint')} />}
    </Card>
  );
}

/** `warningTimerShaft`: a student's timeline. */
export const WarningTimerShaftPage = () => (
  <ChosenStudent testId="timeline-page">{(id) => <TimelineView key={id} studentId={id} />}</ChosenStudent>
);

/** `FamilyInfo`: a student's family. */
export const FamilyInfoPage = () => (
  <ChosenStudent testId="family-page">{(id) => <FamilyPanel key={id} studentId={id} />}</ChosenStudent>
);

/** `studentDetail`: the file of a student chosen on the page. */
export function StudentDetailPage() {
  const [studentId, setStudentId] = useStudentParam();
  const { t } = useTranslation();
  if (studentId) return <StudentFile key={studentId} studentId={studentId} />;
  return (
    <Card data-testid="student-detail-page">
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        <Typography.Text>{t('archive.pick')}</Typography.Text>
        <StudentChooser value={studentId} onChange={setStudentId} />
      </Flex>
      <Empty description={t('archive.pickHint')} />
    </Card>
  );
}

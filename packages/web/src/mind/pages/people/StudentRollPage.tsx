import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { type Student, type StudentFilter, type StudentStatus, studentPage } from '../../../shared/people/api.ts';
import { StudentStatusTag } from '../../../shared/people/labels.tsx';
import { SchoolSelect } from '../../../shared/people/SchoolSelect.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { useCan } from '../assessments/can.ts';
import { type ClassRoll, rollOf } from './api.ts';
import './roll-strings.ts';

type RollClass = ClassRoll['classes'][number];

/**
 * `/data/xs`: the student roll (decision 0109): the classes of the caller's scope school by school
 * and grade by grade with how many students each holds; a class opens to its students, each a link
 * to their archive.
 */
export function StudentRollPage() {
  const { t } = useTranslation();
  const can = useCan('/system/student');
  return (
    <ViewGuard may={can('view')} testId="student-roll-page" refusal={t('roll.noAccess')}>
      <Roll />
    </ViewGuard>
  );
}

function Roll() {
  const { t } = useTranslation();
  const [schoolId, setSchoolId] = useState<number | undefined>();
  const roll = useQuery({
    queryKey: ['people', 'roll', schoolId],
    queryFn: ({ signal }) => rollOf(schoolId, signal),
    meta: { silentError: true },
  });
  return (
    <Card data-testid="student-roll-page">
      <Flex vertical gap={12}>
        <Flex wrap gap={12} align="center">
          <SchoolSelect testId="roll-school" value={schoolId} onChange={setSchoolId} style={{ width: 220 }} />
          {roll.data && (
            <Typography.Text data-testid="roll-total">
              {t('roll.total', { classes: roll.data.classes.length, students: roll.data.students })}
            </Typography.Text>
          )}
        </Flex>
        <Typography.Text type="secondary">{t('roll.hint')}</Typography.Text>
        {roll.isError ? (
          <LoadFailed error={roll.error} onRetry={() => void roll.refetch()} retrying={roll.isFetching} />
        ) : !roll.data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <Table<RollClass>
            data-testid="roll-table"
            rowKey="classId"
            size="middle"
            pagination={roll.data.classes.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ x: 640 }}
            dataSource={roll.data.classes}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roll.empty')} /> }}
            expandable={{
              rowExpandable: (c) => c.students > 0,
              expandedRowRender: (c) => <ClassStudents classId={c.classId} />,
            }}
            columns={[
              { title: t('roll.school'), dataIndex: 'schoolName', width: 180 },
              { title: t('roll.grade'), dataIndex: 'gradeName', width: 120, render: (g: string | null) => g ?? '-' },
              { title: t('roll.klass'), dataIndex: 'className', width: 140 },
              {
                title: t('roll.students'),
                dataIndex: 'students',
                width: 100,
                align: 'right',
                render: (n: number) =>
                  n === 0 ? <Typography.Text type="secondary">{t('roll.classEmpty')}</Typography.Text> : n,
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}

/** A class's students, from the roster's list (which audits who was read), each linking to their archive. */
function ClassStudents({ classId }: { classId: number }) {
  const { t } = useTranslation();
  const students = usePagedList<StudentFilter, Student>(['people', 'roll', 'class', classId], studentPage, {
    filters: { classId },
    size: 20,
  });
  return (
    <PagedTable<Student>
      list={students}
      rowKey="id"
      size="small"
      data-testid="roll-students"
      locale={{ emptyText: t('roll.classEmpty') }}
      columns={[
        {
          title: t('roll.name'),
          dataIndex: 'name',
          width: 140,
          render: (name: string, s) => (
            <Link to={`/data/studentFileDetails/${s.id}`} data-testid="roll-student">
              {name}
            </Link>
          ),
        },
        { title: t('roll.studentNo'), dataIndex: 'studentNo', width: 120 },
        {
          title: t('roll.status'),
          dataIndex: 'status',
          width: 100,
          render: (st: StudentStatus) => <StudentStatusTag status={st} />,
        },
      ]}
    />
  );
}

import { hasPermission, STUDENT_STATUSES } from '@meridian/contracts';
import { Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { type Student, type StudentFilter, type StudentStatus, studentPage } from '../../../shared/people/api.ts';
import { StudentStatusTag } from '../../../shared/people/labels.tsx';
import { StudentCardDrawer } from '../../../shared/people/StudentCard.tsx';
import { usePermissionEntries } from '../../shell/api.ts';
import { ScopeFilters } from '../assessments/ScopeFilters.tsx';
import './strings.ts';

interface Filters {
  schoolId?: number;
  gradeId?: number;
  classId?: number;
  status?: StudentStatus;
  keyword?: string;
}

/**
 * `/data/allStudent`: the students of the caller's data scope (the bureau all its schools, a
 * school its own, a class teacher their classes), narrowed by school, grade and class, each with
 * their card and, when they hold an account, a link to their file.
 */
export function AllStudentPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const schoolId = Form.useWatch('schoolId', form);
  const gradeId = Form.useWatch('gradeId', form);
  const [shown, setShown] = useState<number | null>(null);
  const students = usePagedList<StudentFilter, Student>(['people', 'allStudent'], studentPage);
  const entries = usePermissionEntries();
  const mayMakeAccounts = hasPermission(entries.data ?? [], '/data/accountBindManage', 'edit');
  return (
    <Card
      data-testid="all-student-page"
      extra={
        mayMakeAccounts && (
          <Link to="/data/accountBindManage?tab=batch" data-testid="batch-accounts-link">
            {t('mindPeople.accounts.link')}
          </Link>
        )
      }
    >
      <FilterForm<Filters>
        form={form}
        onValuesChange={(changed) => {
          if ('schoolId' in changed) form.setFieldsValue({ gradeId: undefined, classId: undefined });
          if ('gradeId' in changed) form.setFieldsValue({ classId: undefined });
        }}
        onSearch={students.search}
        searchTestId="all-student-search"
      >
        <ScopeFilters schoolId={schoolId} gradeId={gradeId} />
        <Form.Item name="status" label={t('system.people.col.status')}>
          <Select
            allowClear
            style={{ width: 100 }}
            placeholder={t('system.all')}
            options={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`system.people.studentStatus.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('system.people.students.keyword')} style={{ width: 180 }} />
        </Form.Item>
      </FilterForm>
      <PagedTable<Student>
        list={students}
        data-testid="all-student-table"
        rowKey="id"
        locale={{ emptyText: t('mindPeople.allStudentEmpty') }}
        scroll={{ x: 860 }}
        columns={[
          { title: t('system.people.col.name'), dataIndex: 'name', width: 110 },
          { title: t('system.people.col.studentNo'), dataIndex: 'studentNo', width: 110 },
          {
            title: t('system.people.col.gender'),
            dataIndex: 'gender',
            width: 70,
            render: (g: string) => t(`system.people.gender.${g}`),
          },
          {
            title: t('system.people.col.school'),
            key: 'school',
            width: 160,
            render: (_v, s) => s.school?.name ?? '-',
          },
          { title: t('system.people.col.grade'), key: 'grade', width: 100, render: (_v, s) => s.grade?.name ?? '-' },
          { title: t('system.people.col.class'), key: 'class', width: 120, render: (_v, s) => s.class?.name ?? '-' },
          {
            title: t('system.people.col.status'),
            dataIndex: 'status',
            width: 90,
            render: (st: StudentStatus) => <StudentStatusTag status={st} />,
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 120,
            render: (_v, s) => (
              <Flex gap={8}>
                <Typography.Link onClick={() => setShown(s.id)}>{t('mindPeople.card')}</Typography.Link>
                <Link to={`/data/studentFileDetails/${s.id}`}>{t('mindPeople.file')}</Link>
              </Flex>
            ),
          },
        ]}
      />
      <StudentCardDrawer studentId={shown} onClose={() => setShown(null)} />
    </Card>
  );
}

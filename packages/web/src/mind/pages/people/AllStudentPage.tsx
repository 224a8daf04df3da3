import { STUDENT_STATUSES } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  orgSearch,
  type Student,
  type StudentFilter,
  type StudentStatus,
  studentPage,
} from '../../../portal/system/people/api.ts';
import { StudentStatusTag } from '../../../portal/system/people/labels.tsx';
import { useSchools } from '../../../portal/system/people/SchoolSelect.tsx';
import { StudentCardDrawer } from '../../../portal/system/people/students/StudentCard.tsx';
import { ApiError } from '../../../shared/errors.ts';
import { LoadFailed } from '../../../shared/lists/PagedList.tsx';
import './strings.ts';

interface Filters {
  schoolId?: number;
  gradeId?: number;
  classId?: number;
  status?: StudentStatus;
  keyword?: string;
}

/**
 * Options of the organisations of `type` under `parentId`, within the caller's scope. A class
 * teacher's scope is their classes, not the school above them: asked under the school, the server
 * answers "no such organisation", and the classes of the whole scope are what they may pick.
 */
function useNodes(type: 'grade' | 'class', parentId: number | undefined) {
  return useQuery({
    queryKey: ['people', 'nodes', type, parentId],
    queryFn: async ({ signal }) => {
      try {
        return await orgSearch({ type, parentId, size: 500 }, signal);
      } catch (error) {
        if (!(error instanceof ApiError) || error.httpStatus !== 404) throw error;
        return orgSearch({ type, size: 500 }, signal);
      }
    },
    enabled: parentId !== undefined,
    meta: { silentError: true },
  });
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
  const schools = useSchools();
  // A scope of one school (a school's staff, a class teacher) lists its grades and classes at once.
  const onlySchool = schools.data?.total === 1 ? schools.data.list[0]?.id : undefined;
  const grades = useNodes('grade', schoolId ?? onlySchool);
  const classes = useNodes('class', gradeId ?? schoolId ?? onlySchool);
  const [filters, setFilters] = useState<StudentFilter>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [shown, setShown] = useState<number | null>(null);
  const students = useQuery({
    queryKey: ['people', 'allStudent', filters, paging],
    queryFn: ({ signal }) => studentPage({ ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const search = (values: Filters) => {
    setFilters({ ...values, keyword: values.keyword?.trim() || undefined });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <Card data-testid="all-student-page">
      <Form<Filters>
        form={form}
        layout="inline"
        onFinish={search}
        style={{ rowGap: 12, marginBottom: 16 }}
        onValuesChange={(changed) => {
          if ('schoolId' in changed) form.setFieldsValue({ gradeId: undefined, classId: undefined });
          if ('gradeId' in changed) form.setFieldsValue({ classId: undefined });
        }}
      >
        <Form.Item name="schoolId" label={t('system.people.col.school')}>
          <Select
            allowClear
            data-testid="filter-school"
            style={{ width: 180 }}
            placeholder={t('system.all')}
            loading={schools.isPending}
            options={(schools.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="gradeId" label={t('system.people.col.grade')}>
          <Select
            allowClear
            data-testid="filter-grade"
            style={{ width: 140 }}
            placeholder={t('system.all')}
            disabled={!schoolId && !onlySchool}
            options={(grades.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Form.Item name="classId" label={t('system.people.col.class')}>
          <Select
            allowClear
            data-testid="filter-class"
            style={{ width: 160 }}
            placeholder={t('system.all')}
            disabled={!schoolId && !onlySchool}
            options={(classes.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
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
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" data-testid="all-student-search">
              {t('system.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('system.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {students.isError && !students.data ? (
        <LoadFailed error={students.error} onRetry={() => students.refetch()} retrying={students.isFetching} />
      ) : (
        <Table<Student>
          data-testid="all-student-table"
          rowKey="id"
          size="middle"
          loading={students.isFetching}
          dataSource={students.data?.list ?? []}
          locale={{ emptyText: t('mindPeople.allStudentEmpty') }}
          scroll={{ x: 860 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: students.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('system.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
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
      )}
      <StudentCardDrawer studentId={shown} onClose={() => setShown(null)} />
    </Card>
  );
}

import type { StudentFileFilters } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../portal/system/LoadFailed.tsx';
import { useSchools } from '../../../portal/system/people/SchoolSelect.tsx';
import { useOrgNodes } from '../assessments/lookups.ts';
import { type StudentFileRow, studentFilePage } from './api.ts';
import { LevelTag } from './common.tsx';
import './strings.ts';

/**
 * `/data/studentFile`: the students of the caller's scope with what each file holds (results,
 * warnings and the last level, home visits), each opening the student's file, growth records and
 * timeline.
 */
export function StudentFilePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<StudentFileFilters>();
  const schoolId = Form.useWatch('schoolId', form);
  const gradeId = Form.useWatch('gradeId', form);
  const schools = useSchools();
  const onlySchool = schools.data?.total === 1 ? schools.data.list[0]?.id : undefined;
  const grades = useOrgNodes('grade', schoolId ?? onlySchool);
  const classes = useOrgNodes('class', gradeId ?? schoolId ?? onlySchool);
  const [filters, setFilters] = useState<StudentFileFilters>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const files = useQuery({
    queryKey: ['archive', 'files', filters, paging],
    queryFn: ({ signal }) => studentFilePage({ ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
  const search = (values: StudentFileFilters) => {
    setFilters({ ...values, keyword: values.keyword?.trim() || undefined });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <Card data-testid="student-file-page">
      <Form<StudentFileFilters>
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
            style={{ width: 180 }}
            placeholder={t('system.all')}
            loading={schools.isPending}
            options={(schools.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="gradeId" label={t('system.people.col.grade')}>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('system.all')}
            disabled={!schoolId && !onlySchool}
            options={(grades.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Form.Item name="classId" label={t('system.people.col.class')}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('system.all')}
            disabled={!schoolId && !onlySchool}
            options={(classes.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('archive.list.keyword')} style={{ width: 180 }} data-testid="file-keyword" />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" data-testid="file-search">
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
      {files.isError && !files.data ? (
        <LoadFailed error={files.error} onRetry={() => files.refetch()} retrying={files.isFetching} />
      ) : (
        <Table<StudentFileRow>
          data-testid="student-file-table"
          rowKey="studentId"
          size="middle"
          loading={files.isFetching}
          dataSource={files.data?.list ?? []}
          locale={{ emptyText: t('archive.list.empty') }}
          scroll={{ x: 1000 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: files.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('system.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
          columns={[
            { title: t('system.people.col.name'), dataIndex: 'name', width: 110 },
            { title: t('system.people.col.studentNo'), dataIndex: 'studentNo', width: 120 },
            {
              title: t('system.people.col.gender'),
              dataIndex: 'gender',
              width: 70,
              render: (g: string) => t(`system.people.gender.${g}`),
            },
            { title: t('system.people.col.class'), dataIndex: 'className', width: 150, render: (c) => c ?? '-' },
            { title: t('archive.list.results'), dataIndex: 'results', width: 80 },
            { title: t('archive.list.warnings'), dataIndex: 'warnings', width: 80 },
            {
              title: t('archive.list.lastLevel'),
              dataIndex: 'lastWarningLevel',
              width: 110,
              render: (level: string | null) => (level ? <LevelTag level={level} /> : t('archive.list.none')),
            },
            { title: t('archive.list.visits'), dataIndex: 'homeVisits', width: 80 },
            {
              title: t('system.actions'),
              key: 'actions',
              fixed: 'right',
              width: 200,
              render: (_v, s) => (
                <Flex gap={10}>
                  <Link to={`/data/studentFileDetails/${s.studentId}`} data-testid="file-open">
                    {t('archive.list.open')}
                  </Link>
                  <Link to={`/data/growthRecord/${s.studentId}`}>{t('archive.list.growth')}</Link>
                  <Link to={`/data/warningTimerShaft?studentId=${s.studentId}`}>{t('archive.list.timeline')}</Link>
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

import type { StudentFileFilters } from '@meridian/contracts';
import { Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { ScopeFilters } from '../assessments/ScopeFilters.tsx';
import { type StudentFileRow, studentFilePage } from './api.ts';
import { LevelTag } from './common.tsx';
import './strings.ts';
import '../reports/strings.ts';

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
  const files = usePagedList(['archive', 'files'], studentFilePage);
  return (
    <Card data-testid="student-file-page">
      <FilterForm<StudentFileFilters>
        form={form}
        onValuesChange={(changed) => {
          if ('schoolId' in changed) form.setFieldsValue({ gradeId: undefined, classId: undefined });
          if ('gradeId' in changed) form.setFieldsValue({ classId: undefined });
        }}
        onSearch={files.search}
        searchTestId="file-search"
      >
        <ScopeFilters schoolId={schoolId} gradeId={gradeId} />
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('archive.list.keyword')} style={{ width: 180 }} data-testid="file-keyword" />
        </Form.Item>
      </FilterForm>
      <PagedTable<StudentFileRow>
        list={files}
        data-testid="student-file-table"
        rowKey="studentId"
        locale={{ emptyText: t('archive.list.empty') }}
        scroll={{ x: 1000 }}
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
            width: 260,
            render: (_v, s) => (
              <Flex gap={10}>
                <Link to={`/data/studentFileDetails/${s.studentId}`} data-testid="file-open">
                  {t('archive.list.open')}
                </Link>
                <Link to={`/data/growthRecord/${s.studentId}`}>{t('archive.list.growth')}</Link>
                <Link to={`/data/warningTimerShaft?studentId=${s.studentId}`}>{t('archive.list.timeline')}</Link>
                <Link to={`/data/studentReport?studentId=${s.studentId}`} data-testid="file-report">
                  {t('reports.insight.report')}
                </Link>
                <a
                  href={`/jdp/mindProfile?studentId=${s.studentId}`}
                  target="_blank"
                  rel="noopener"
                  data-testid="file-profile"
                >
                  {t('route.mindProfile')}
                </a>
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}

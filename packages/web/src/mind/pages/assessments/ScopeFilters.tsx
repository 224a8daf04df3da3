import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSchools } from '../../../shared/people/SchoolSelect.tsx';
import { useOrgNodes } from './lookups.ts';
import './strings.ts';

/** School, grade and class pickers inside a filter form, each level narrowing the next. */
export function ScopeFilters({ schoolId, gradeId }: { schoolId: number | undefined; gradeId: number | undefined }) {
  const { t } = useTranslation();
  const schools = useSchools();
  // A scope of one school (a school's staff, a class teacher) lists its grades and classes at once.
  const onlySchool = schools.data?.total === 1 ? schools.data.list[0]?.id : undefined;
  const grades = useOrgNodes('grade', schoolId ?? onlySchool);
  const classes = useOrgNodes('class', gradeId ?? schoolId ?? onlySchool);
  return (
    <>
      <Form.Item name="schoolId" label={t('assess.results.school')}>
        <Select
          allowClear
          data-testid="filter-school"
          style={{ width: 160 }}
          placeholder={t('system.all')}
          loading={schools.isPending}
          options={(schools.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Form.Item>
      <Form.Item name="gradeId" label={t('assess.results.grade')}>
        <Select
          allowClear
          data-testid="filter-grade"
          style={{ width: 120 }}
          placeholder={t('system.all')}
          disabled={!schoolId && !onlySchool}
          options={(grades.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
        />
      </Form.Item>
      <Form.Item name="classId" label={t('assess.results.class')}>
        <Select
          allowClear
          data-testid="filter-class"
          style={{ width: 140 }}
          placeholder={t('system.all')}
          disabled={!schoolId && !onlySchool}
          options={(classes.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
    </>
  );
}

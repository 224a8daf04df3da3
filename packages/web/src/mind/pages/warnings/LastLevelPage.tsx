import { Button, Card, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { usePermission } from '../../access/Permission.tsx';
import { textIn } from '../assessments/lookups.ts';
import { ScopeFilters } from '../assessments/ScopeFilters.tsx';
import { lastWarningLevels, type WarningFilter, type WarningRow } from './api.ts';
import { LevelsDrawer } from './LevelsDrawer.tsx';
import { time, useClassLevelStateColumns, useLevels } from './lookups.tsx';
import '../assessments/strings.ts';

/** `/data/lastWarningLevel`: each student's most recent warning and its level; the levels themselves. */
export function LastLevelPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<WarningFilter>();
  const schoolId = Form.useWatch('schoolId', form);
  const gradeId = Form.useWatch('gradeId', form);
  const canEdit = usePermission('edit');
  const [editing, setEditing] = useState(false);
  const levels = useLevels();
  const classLevelState = useClassLevelStateColumns<WarningRow>();
  const rows = usePagedList<WarningFilter, WarningRow>(['warn', 'last'], lastWarningLevels);
  return (
    <Card
      data-testid="last-level-page"
      title={<Typography.Text type="secondary">{t('warn.last.hint')}</Typography.Text>}
      extra={
        canEdit && (
          <Button onClick={() => setEditing(true)} data-testid="levels-edit">
            {t('warn.last.levels')}
          </Button>
        )
      }
    >
      <FilterForm<WarningFilter>
        form={form}
        onValuesChange={(changed) => {
          if ('schoolId' in changed) form.setFieldsValue({ gradeId: undefined, classId: undefined });
          if ('gradeId' in changed) form.setFieldsValue({ classId: undefined });
        }}
        onSearch={rows.search}
      >
        <Form.Item name="level" label={t('warn.list.level')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('system.all')}
            options={(levels.data ?? []).map((l) => ({ value: l.code, label: textIn(l.name) || l.code }))}
          />
        </Form.Item>
        <ScopeFilters schoolId={schoolId} gradeId={gradeId} />
      </FilterForm>
      <PagedTable<WarningRow>
        list={rows}
        rowKey="id"
        data-testid="last-level-table"
        locale={{ emptyText: t('warn.list.empty') }}
        columns={[
          { title: t('warn.list.student'), dataIndex: 'studentName', width: 120 },
          { title: t('warn.list.studentNo'), dataIndex: 'studentNo', width: 120 },
          ...classLevelState,
          { title: t('warn.list.time'), dataIndex: 'createdAt', width: 150, render: (at: number) => time(at) },
          {
            title: t('system.actions'),
            key: 'actions',
            width: 150,
            render: (_v, r) => (
              <Space>
                <Link to={`/data/intervene?id=${r.id}`}>{t('warn.list.open')}</Link>
                <Link to={`/data/earlyWarningIntervention/${r.studentId}`}>{t('warn.list.history')}</Link>
              </Space>
            ),
          },
        ]}
      />
      {editing && <LevelsDrawer levels={levels.data ?? []} onClose={() => setEditing(false)} />}
    </Card>
  );
}

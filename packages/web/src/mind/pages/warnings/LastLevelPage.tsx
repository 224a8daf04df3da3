import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../shared/lists/PagedList.tsx';
import { usePermission } from '../../access/Permission.tsx';
import { textIn } from '../assessments/lookups.ts';
import { ScopeFilters } from '../assessments/ScopeFilters.tsx';
import { lastWarningLevels, type WarningFilter, type WarningRow, type WarningState } from './api.ts';
import { LevelsDrawer } from './LevelsDrawer.tsx';
import { LevelTag, StateTag, time, useLevels, useOrgNames } from './lookups.tsx';
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
  const names = useOrgNames();
  const [filters, setFilters] = useState<WarningFilter>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const rows = useQuery({
    queryKey: ['warn', 'last', filters, paging],
    queryFn: ({ signal }) => lastWarningLevels({ ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
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
      <Form<WarningFilter>
        form={form}
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilters(values);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        onValuesChange={(changed) => {
          if ('schoolId' in changed) form.setFieldsValue({ gradeId: undefined, classId: undefined });
          if ('gradeId' in changed) form.setFieldsValue({ classId: undefined });
        }}
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
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit">
              {t('system.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              {t('system.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {rows.isError && !rows.data ? (
        <LoadFailed error={rows.error} onRetry={() => rows.refetch()} retrying={rows.isFetching} />
      ) : (
        <Table<WarningRow>
          rowKey="id"
          size="middle"
          data-testid="last-level-table"
          loading={rows.isFetching}
          dataSource={rows.data?.list ?? []}
          locale={{ emptyText: t('warn.list.empty') }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: rows.data?.total ?? 0,
            showTotal: (total) => t('system.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
          columns={[
            { title: t('warn.list.student'), dataIndex: 'studentName', width: 120 },
            { title: t('warn.list.studentNo'), dataIndex: 'studentNo', width: 120 },
            {
              title: t('warn.list.class'),
              key: 'class',
              render: (_v, r) => [names.school(r.schoolId), names.klass(r.classId)].filter(Boolean).join(' / '),
            },
            {
              title: t('warn.list.level'),
              dataIndex: 'level',
              width: 100,
              render: (level: string) => <LevelTag code={level} levels={levels.data} />,
            },
            {
              title: t('warn.list.state'),
              dataIndex: 'state',
              width: 130,
              render: (state: WarningState) => <StateTag state={state} />,
            },
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
      )}
      {editing && <LevelsDrawer levels={levels.data ?? []} onClose={() => setEditing(false)} />}
    </Card>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { PLAN_STATES } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { time } from '../workorders/orderText.tsx';
import { deletePlan, listPlans, type MaintenancePlanView, type PlanFilters } from './api.ts';
import { PlanForm } from './PlanForm.tsx';
import { PlanStateTag, useCycleText } from './planText.tsx';

const PLANS = '/iot/maintenance';
const day = (at: number | null) => (at === null ? '-' : time(at).slice(0, 10));

/** Maintenance plans: the list with its filters; add, edit and delete a plan. */
export function PlansPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const confirm = useConfirm();
  const cycleText = useCycleText();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlanFilters>();
  const [editing, setEditing] = useState<MaintenancePlanView | 'new' | null>(null);
  const list = usePagedList<PlanFilters, MaintenancePlanView>(['iot', 'plans', 'list'], listPlans);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot', 'plans'] });
  const remove = (row: MaintenancePlanView) =>
    confirm({ title: row.name, content: t('plans.deleteConfirm'), okText: t('ui.delete'), danger: true }, async () => {
      await deletePlan(row.id);
      await refresh();
    });

  return (
    <Card
      data-testid="plans-page"
      title={t('menu.maintenance.plans')}
      extra={
        can({ path: PLANS, code: 'add' }) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="plan-add">
            {t('plans.add')}
          </Button>
        )
      }
    >
      <FilterForm<PlanFilters>
        form={form}
        onSearch={(values) => {
          list.search(values);
          void refresh();
        }}
        searchTestId="plans-search"
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('plans.keyword')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="state">
          <Select
            allowClear
            placeholder={t('plans.state')}
            style={{ width: 160 }}
            options={PLAN_STATES.map((s) => ({ value: s, label: t(`plans.states.${s}`) }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<MaintenancePlanView>
        list={list}
        data-testid="plans-table"
        rowKey="id"
        locale={{ emptyText: t('plans.empty') }}
        columns={[
          { title: t('plans.name'), dataIndex: 'name', key: 'name' },
          { title: t('plans.cycle'), key: 'cycle', width: 120, render: (_v, row) => cycleText(row) },
          {
            title: t('plans.target'),
            key: 'target',
            ellipsis: true,
            render: (_v, row) => row.projectName ?? row.deviceNames.join(', '),
          },
          { title: t('plans.engineer'), dataIndex: 'engineerName', key: 'engineer', width: 120 },
          {
            title: t('plans.advance'),
            key: 'advance',
            width: 120,
            render: (_v, row) => t(`plans.advances.${row.advance}`),
          },
          {
            title: t('plans.nextDue'),
            key: 'next',
            width: 170,
            render: (_v, row) => (
              <Flex vertical>
                <Typography.Text>{day(row.nextDueAt)}</Typography.Text>
                {row.nextOrderAt !== null && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('plans.nextOrder')} {day(row.nextOrderAt)}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('plans.state'),
            key: 'state',
            width: 190,
            render: (_v, row) => <PlanStateTag state={row.state} testId={`plan-state-${row.id}`} />,
          },
          { title: t('plans.orders'), dataIndex: 'orders', key: 'orders', width: 100 },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 130,
            render: (_v, row) => (
              <Flex gap={4}>
                {can({ path: PLANS, code: 'edit' }) && (
                  <Button type="link" size="small" onClick={() => setEditing(row)} data-testid={`plan-edit-${row.id}`}>
                    {t('ui.edit')}
                  </Button>
                )}
                {can({ path: PLANS, code: 'delete' }) && (
                  <Button type="link" size="small" danger onClick={() => remove(row)}>
                    {t('ui.delete')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing && <PlanForm plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

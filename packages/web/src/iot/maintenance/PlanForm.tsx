import {
  PLAN_ADVANCES,
  PLAN_CYCLES,
  type PlanAdvance,
  type PlanCycle,
  WORK_ORDER_PRIORITIES,
  type WorkOrderPriority,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { listProjects } from '../projects/api.ts';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { addPlan, editPlan, type MaintenancePlanInput, type MaintenancePlanView, planEngineers } from './api.ts';

interface Values {
  name: string;
  cycle: PlanCycle;
  every?: number;
  dates?: Dayjs[];
  target: 'devices' | 'project';
  deviceIds?: number[];
  projectId?: number;
  engineerId: number;
  advance: PlanAdvance;
  startAt?: Dayjs;
  endAt?: Dayjs | null;
  priority: WorkOrderPriority;
  content: string;
}

const ms = (d: Dayjs | null | undefined) => (d ? d.startOf('day').valueOf() : null);

function inputOf(v: Values): MaintenancePlanInput {
  const dates = v.cycle === 'dates';
  return {
    name: v.name,
    cycle: v.cycle,
    every: dates ? null : (v.every ?? null),
    dates: dates ? (v.dates ?? []).map((d) => d.startOf('day').valueOf()) : [],
    deviceIds: v.target === 'devices' ? (v.deviceIds ?? []) : [],
    projectId: v.target === 'project' ? (v.projectId ?? null) : null,
    engineerId: v.engineerId,
    advance: v.advance,
    startAt: dates ? null : ms(v.startAt),
    endAt: ms(v.endAt),
    priority: v.priority,
    content: v.content,
  };
}

function valuesOf(p: MaintenancePlanView | null): Partial<Values> {
  if (!p) return { cycle: 'month', every: 1, target: 'devices', advance: '1w', priority: 'normal', startAt: dayjs() };
  return {
    name: p.name,
    cycle: p.cycle,
    every: p.every ?? undefined,
    dates: p.dates.map((d) => dayjs(d)),
    target: p.projectId ? 'project' : 'devices',
    deviceIds: p.deviceIds,
    projectId: p.projectId ?? undefined,
    engineerId: p.engineerId,
    advance: p.advance,
    startAt: dayjs(p.startAt),
    endAt: p.endAt ? dayjs(p.endAt) : null,
    priority: p.priority,
    content: p.content,
  };
}

/** Add or edit a maintenance plan: cycle, devices or a project, engineer, advance notice, dates. */
export function PlanForm({ plan, onClose }: { plan: MaintenancePlanView | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const cycle = Form.useWatch('cycle', form);
  const target = Form.useWatch('target', form);
  const engineers = useQuery({
    queryKey: ['iot', 'plans', 'engineers'],
    queryFn: ({ signal }) => planEngineers(signal),
  });
  const projects = useQuery({
    queryKey: ['iot', 'plans', 'projects'],
    queryFn: ({ signal }) => listProjects({ page: 1, size: 200 }, signal),
    enabled: target === 'project',
  });
  const save = useMutation({
    mutationFn: (input: MaintenancePlanInput) => (plan ? editPlan(plan.id, input) : addPlan(input)),
    meta: { silentError: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['iot', 'plans'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      width={620}
      title={plan ? t('plans.edit') : t('plans.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'plan-save' } as Record<string, string>}
      destroyOnHidden
    >
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={valuesOf(plan)}
        onFinish={(values) => save.mutate(inputOf(values))}
        data-testid="plan-form"
      >
        <Form.Item name="name" label={t('plans.name')} rules={[{ required: true, max: 50 }]}>
          <Input maxLength={50} data-testid="plan-name" />
        </Form.Item>
        <Form.Item label={t('plans.cycle')} required>
          <Space>
            <Form.Item name="cycle" noStyle>
              <Select
                style={{ width: 140 }}
                data-testid="plan-cycle"
                options={PLAN_CYCLES.map((c) => ({ value: c, label: t(`plans.cycles.${c}`) }))}
              />
            </Form.Item>
            {cycle !== 'dates' && (
              <Form.Item name="every" noStyle rules={[{ required: true }]}>
                <InputNumber
                  min={1}
                  max={365}
                  precision={0}
                  data-testid="plan-every"
                  suffix={cycle ? t(`plans.everyUnit.${cycle}`) : undefined}
                />
              </Form.Item>
            )}
          </Space>
        </Form.Item>
        {cycle === 'dates' ? (
          <Form.Item name="dates" label={t('plans.dates')} rules={[{ required: true }]}>
            <DatePicker multiple style={{ width: '100%' }} data-testid="plan-dates" />
          </Form.Item>
        ) : (
          <Space size={16}>
            <Form.Item name="startAt" label={t('plans.startAt')} rules={[{ required: true }]}>
              <DatePicker data-testid="plan-start" />
            </Form.Item>
            <Form.Item name="endAt" label={t('plans.endAt')}>
              <DatePicker data-testid="plan-end" />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="target" label={t('plans.target')}>
          <Radio.Group
            options={[
              { value: 'devices', label: t('plans.byDevices') },
              { value: 'project', label: t('plans.byProject') },
            ]}
          />
        </Form.Item>
        {target === 'project' ? (
          <Form.Item name="projectId" label={t('plans.project')} rules={[{ required: true }]}>
            <Select
              loading={projects.isFetching}
              options={(projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="deviceIds" label={t('plans.devices')} rules={[{ required: true }]}>
            <DeviceSelect mode="multiple" data-testid="plan-devices" />
          </Form.Item>
        )}
        <Space size={16} wrap>
          <Form.Item name="engineerId" label={t('plans.engineer')} rules={[{ required: true }]}>
            <Select
              style={{ width: 180 }}
              data-testid="plan-engineer"
              notFoundContent={t('workOrders.noEngineers')}
              options={(engineers.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            />
          </Form.Item>
          <Form.Item name="advance" label={t('plans.advance')}>
            <Select
              style={{ width: 150 }}
              data-testid="plan-advance"
              options={PLAN_ADVANCES.map((a) => ({ value: a, label: t(`plans.advances.${a}`) }))}
            />
          </Form.Item>
          <Form.Item name="priority" label={t('plans.priority')}>
            <Select
              style={{ width: 120 }}
              options={WORK_ORDER_PRIORITIES.map((v) => ({ value: v, label: t(`workOrders.priorities.${v}`) }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="content" label={t('plans.content')} rules={[{ required: true, max: 255 }]}>
          <Input.TextArea rows={3} maxLength={255} showCount data-testid="plan-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, Form, Image, Input, Select, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../shared/auth.ts';
import { notifyError } from '../../shared/feedback.tsx';
import { fileAddress } from '../../shared/files.ts';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import {
  acceptWorkOrder,
  assignWorkOrder,
  completeWorkOrder,
  confirmWorkOrder,
  orderEngineers,
  reopenWorkOrder,
  type WorkOrderDetail,
  workOrder,
} from './api.ts';
import { Notices } from './Notices.tsx';
import { OverdueTag, StateTag, time } from './orderText.tsx';
import { PicturesField } from './PicturesField.tsx';

const ORDERS = '/iot/workOrders';

function Pictures({ paths }: { paths: string[] }) {
  return paths.length === 0 ? null : (
    <Image.PreviewGroup>
      <Space wrap>
        {paths.map((p) => (
          <Image key={p} src={fileAddress(p)} width={56} height={56} style={{ objectFit: 'cover' }} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** One order, its timeline, and the step the caller's role may take next. */
export function OrderDrawer({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation();
  const order = useQuery({
    queryKey: ['iot', 'workOrders', 'one', id],
    queryFn: ({ signal }) => workOrder(id, signal),
  });
  const o = order.data;
  return (
    <Drawer
      open
      width={640}
      title={o ? `${t('workOrders.detail')} ${o.number}` : t('workOrders.detail')}
      onClose={onClose}
    >
      {o && (
        <Flex vertical gap={16} data-testid="work-order-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('workOrders.state')}>
              <StateTag state={o.state} testId="work-order-state" /> <OverdueTag overdue={o.overdue} />
            </Descriptions.Item>
            <Descriptions.Item label={t('workOrders.type')}>{t(`workOrders.types.${o.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('workOrders.device')}>
              {o.deviceName} ({o.sn})
            </Descriptions.Item>
            <Descriptions.Item label={t('workOrders.priority')}>
              {t(`workOrders.priorities.${o.priority}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('workOrders.reporter')}>{o.reporterName}</Descriptions.Item>
            <Descriptions.Item label={t('workOrders.assignee')}>{o.assigneeName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('workOrders.description')} span={2}>
              <Flex vertical gap={8}>
                {o.description}
                <Pictures paths={o.pictures} />
              </Flex>
            </Descriptions.Item>
            {o.result && (
              <Descriptions.Item label={t('workOrders.result')} span={2}>
                <Flex vertical gap={8}>
                  {o.result}
                  <Pictures paths={o.resultPictures} />
                </Flex>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Actions order={o} />
          <Typography.Title level={5}>{t('workOrders.timeline')}</Typography.Title>
          <Timeline
            data-testid="work-order-timeline"
            items={o.timeline.map((s, i) => ({
              key: i,
              content: (
                <Flex vertical gap={2}>
                  <Typography.Text strong>
                    {t(`workOrders.steps.${s.step}`)} · {s.actorName}
                  </Typography.Text>
                  {s.note && <Typography.Text>{s.note}</Typography.Text>}
                  {s.latitude !== null && s.longitude !== null && (
                    <Typography.Text type="secondary" data-testid="work-order-check-in">
                      {s.latitude.toFixed(5)}, {s.longitude.toFixed(5)}
                    </Typography.Text>
                  )}
                  <Pictures paths={s.pictures} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {time(s.at)}
                  </Typography.Text>
                </Flex>
              ),
            }))}
          />
          <Notices notices={o.notices} />
        </Flex>
      )}
    </Drawer>
  );
}

type Step = 'assign' | 'complete' | 'reopen';

/** The buttons the caller's role and the order's state allow; the server checks both again. */
function Actions({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const me = useUserInfo().data?.id;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Step | null>(null);
  const [form] = Form.useForm<{ assigneeId?: number; result?: string; pictures?: string[]; reason?: string }>();
  const engineers = useQuery({
    queryKey: ['iot', 'workOrders', 'engineers', order.id],
    queryFn: ({ signal }) => orderEngineers(order.id, signal),
    enabled: open === 'assign',
  });
  const act = useMutation({
    mutationFn: async (step: () => Promise<WorkOrderDetail>) => step(),
    meta: { silentError: true },
    onSuccess: async () => {
      setOpen(null);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: ['iot', 'workOrders'] });
    },
    onError: (error) => {
      if (!open) notifyError(error);
    },
  });
  const mine = me !== undefined && order.assigneeId === me;
  const button = (key: string, label: string, run: () => void, primary = true) => (
    <Button
      key={key}
      type={primary ? 'primary' : 'default'}
      onClick={run}
      loading={act.isPending}
      data-testid={`work-order-${key}`}
    >
      {label}
    </Button>
  );
  const buttons = [
    can({ path: ORDERS, code: 'dispatch' }) &&
      (order.state === 'pending' || order.state === 'sent') &&
      button('assign', order.state === 'sent' ? t('workOrders.reassign') : t('workOrders.assign'), () =>
        setOpen('assign'),
      ),
    can({ path: ORDERS, code: 'handle' }) &&
      mine &&
      order.state === 'sent' &&
      button('accept', t('workOrders.accept'), () => act.mutate(() => acceptWorkOrder(order.id))),
    can({ path: ORDERS, code: 'handle' }) &&
      mine &&
      order.state === 'accepted' &&
      button('complete', t('workOrders.complete'), () => setOpen('complete')),
    can({ path: ORDERS, code: 'confirm' }) &&
      order.state === 'ended' &&
      button('confirm', t('workOrders.confirm'), () => act.mutate(() => confirmWorkOrder(order.id))),
    can({ path: ORDERS, code: 'confirm' }) &&
      order.state === 'ended' &&
      button('reopen', t('workOrders.reopen'), () => setOpen('reopen'), false),
  ].filter(Boolean);
  if (buttons.length === 0) return null;
  const submit = (values: { assigneeId?: number; result?: string; pictures?: string[]; reason?: string }) => {
    if (open === 'assign') act.mutate(() => assignWorkOrder(order.id, values.assigneeId ?? 0));
    if (open === 'complete') act.mutate(() => completeWorkOrder(order.id, values.result ?? '', values.pictures ?? []));
    if (open === 'reopen') act.mutate(() => reopenWorkOrder(order.id, values.reason ?? ''));
  };
  return (
    <Flex vertical gap={12}>
      <Space>{buttons}</Space>
      {open && (
        <Form form={form} layout="vertical" onFinish={submit} data-testid={`work-order-${open}-form`}>
          <FormAlert error={act.error} />
          {open === 'assign' && (
            <Form.Item name="assigneeId" label={t('workOrders.assignee')} rules={[{ required: true }]}>
              <Select
                data-testid="work-order-engineer"
                loading={engineers.isLoading}
                options={(engineers.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
                notFoundContent={t('workOrders.noEngineers')}
              />
            </Form.Item>
          )}
          {open === 'complete' && (
            <>
              <Form.Item name="result" label={t('workOrders.result')} rules={[{ required: true, max: 255 }]}>
                <Input.TextArea rows={3} maxLength={255} data-testid="work-order-result" />
              </Form.Item>
              <Form.Item name="pictures" label={t('workOrders.resultPictures')} initialValue={[]}>
                <PicturesField />
              </Form.Item>
            </>
          )}
          {open === 'reopen' && (
            <Form.Item name="reason" label={t('workOrders.reopenReason')} rules={[{ required: true, max: 255 }]}>
              <Input.TextArea rows={2} maxLength={255} data-testid="work-order-reason" />
            </Form.Item>
          )}
          <Space>
            <Button type="primary" htmlType="submit" loading={act.isPending} data-testid="work-order-submit">
              {t('workOrders.submit')}
            </Button>
            <Button onClick={() => setOpen(null)}>{t('ui.cancel')}</Button>
          </Space>
        </Form>
      )}
    </Flex>
  );
}

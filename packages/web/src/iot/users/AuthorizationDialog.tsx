import { deviceLevel, slaveQuota } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/rules.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { showFieldErrors } from '../components/errors.ts';
import { authorizationOf, type SubUserNode, setAuthorization } from './api.ts';

interface Values {
  deviceLevel?: number | null;
  slaveQuota?: number | null;
}

/** Device-level (1-3) and slave-count (> 0) authorization of one sub-user; empty means no limit. */
export function AuthorizationDialog({ user, onClose }: { user: SubUserNode | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const current = useQuery({
    queryKey: ['iot', 'users', 'authorization', user?.id],
    queryFn: ({ signal }) => authorizationOf(user?.id ?? 0, signal),
    enabled: !!user,
    meta: { silentError: true },
  });
  const save = useMutation({
    mutationFn: (values: Values) =>
      setAuthorization(user?.id ?? 0, {
        deviceLevel: values.deviceLevel ?? null,
        slaveQuota: values.slaveQuota ?? null,
      }),
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('authorization.saved'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'users'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open={!!user}
      title={t('authorization.title', { account: user?.account ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('ui.save')}
      okButtonProps={{ loading: save.isPending, disabled: !current.data }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('authorization.hint')}</Typography.Paragraph>
      {current.isError ? (
        <LoadFailed error={current.error} onRetry={() => current.refetch()} retrying={current.isFetching} />
      ) : !current.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          name="deviceAuthorization"
          data-testid="authorization-form"
          initialValues={{ deviceLevel: current.data.deviceLevel, slaveQuota: current.data.slaveQuota }}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item
            name="deviceLevel"
            label={t('authorization.deviceLevel')}
            extra={t('authorization.deviceLevelExtra')}
            rules={[schemaRule(deviceLevel)]}
          >
            <InputNumber style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="slaveQuota"
            label={t('authorization.slaveQuota')}
            extra={t('authorization.slaveQuotaExtra')}
            rules={[schemaRule(slaveQuota)]}
          >
            <InputNumber style={{ width: 200 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { copyScale, type ScaleDetail } from './api.ts';

/** Copies a scale (built-in or custom) as a new custom draft under a new code. */
export function CopyDialog(props: {
  scale: { id: number; code: string } | null;
  onClose(): void;
  onCopied(copy: ScaleDetail): void;
}) {
  const { scale, onClose, onCopied } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const queryClient = useQueryClient();
  const copy = useMutation({
    mutationFn: (code: string) => copyScale(scale?.id ?? 0, code),
    meta: { silentError: true },
    onSuccess: (copied) => {
      void queryClient.invalidateQueries({ queryKey: ['assess', 'scalePage'] });
      onCopied(copied);
    },
  });
  return (
    <Modal
      open={scale !== null}
      title={t('custom.copyTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={copy.isPending}
      destroyOnHidden
    >
      <FormAlert error={copy.error} form={form} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ code: scale ? `${scale.code}-copy`.slice(0, 32) : '' }}
        onFinish={(v) => copy.mutate(v.code.trim())}
      >
        <Form.Item
          name="code"
          label={t('custom.copyCode')}
          extra={t('custom.copyCodeHint')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,32}$/, message: t('custom.copyCodeHint') }]}
        >
          <Input maxLength={32} data-testid="copy-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

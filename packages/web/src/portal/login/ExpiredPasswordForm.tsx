import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { signInWithPassword } from '../../shared/auth.ts';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import type { SignedIn } from '../../shared/session.ts';
import { forceUpdatePassword } from '../api.ts';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';

interface ExpiredPasswordFormProps {
  account: string;
  oldPassword: string;
  onSignedIn(signedIn: SignedIn): void;
  onCancel(): void;
}

interface Values {
  account: string;
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** The password expired at sign-in: change it here, then sign in with the new one. */
export function ExpiredPasswordForm({ account, oldPassword, onSignedIn, onCancel }: ExpiredPasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: async (values: Values) => {
      await forceUpdatePassword(values);
      return signInWithPassword(values.account, values.password);
    },
    meta: { silentError: true },
    onSuccess: onSignedIn,
  });
  return (
    <div data-testid="expired-password">
      <Alert
        type="warning"
        showIcon
        title={t('expired.title')}
        description={t('expired.text')}
        style={{ marginBottom: 20 }}
      />
      <Form<Values>
        form={form}
        name="expired-password"
        layout="vertical"
        requiredMark={false}
        initialValues={{ account, oldPassword }}
        onFinish={(values) => change.mutate(values)}
      >
        <FormAlert error={change.error} form={form} />
        <Form.Item name="account" label={t('login.account')}>
          <Input disabled autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={change.isPending}
          data-testid="change-expired"
        >
          {t('expired.submit')}
        </Button>
        <Button type="link" block onClick={onCancel} style={{ marginTop: 8 }}>
          {t('expired.back')}
        </Button>
      </Form>
    </div>
  );
}

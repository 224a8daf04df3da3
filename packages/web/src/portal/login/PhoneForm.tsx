import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { phone, verificationCode } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import type { SignedIn } from '../../shared/session.ts';
import { sendLoginCode, signInWithPhone } from '../api.ts';
import { CodeButton } from '../components/CodeButton.tsx';

interface PhoneFormValues {
  phone: string;
  code: string;
}

/** Phone and a verification code sent to it (valid 5 minutes). */
export function PhoneForm({ onSignedIn }: { onSignedIn(signedIn: SignedIn): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneFormValues>();
  const [codeError, setCodeError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signIn = useMutation({
    mutationFn: (values: PhoneFormValues) => signInWithPhone(values.phone, values.code),
    meta: { silentError: true },
    onSuccess: onSignedIn,
  });
  const shownError = signIn.error ?? codeError;
  return (
    <Form
      form={form}
      name="phone-sign-in"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => {
        setCodeError(null);
        signIn.mutate(values);
      }}
    >
      <FormAlert error={shownError} />
      <Form.Item
        name="phone"
        rules={[required(t('login.phoneRequired')), schemaRule(phone)]}
        extra={sentTo ? t('code.sentTo', { target: sentTo }) : undefined}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('login.phonePlaceholder')}
          autoComplete="tel"
          inputMode="tel"
          maxLength={11}
          aria-label={t('login.phone')}
        />
      </Form.Item>
      <Form.Item required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[required(t('login.codeRequired')), schemaRule(verificationCode)]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('login.codePlaceholder')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              aria-label={t('login.code')}
            />
          </Form.Item>
          <CodeButton
            ready={async () => {
              setCodeError(null);
              signIn.reset();
              return form
                .validateFields(['phone'])
                .then(() => true)
                .catch(() => false);
            }}
            send={() => sendLoginCode(form.getFieldValue('phone'))}
            onSent={() => setSentTo(form.getFieldValue('phone'))}
            onError={setCodeError}
          />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={signIn.isPending} data-testid="sign-in-phone">
        {t('login.submit')}
      </Button>
    </Form>
  );
}

import { MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { accountName, phone, type RegisterApp, verificationCode } from '@meridian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { isRefusal } from '../../shared/refusals.ts';
import { type RegisterForm, register, registrationApps, sendProofCode } from '../api.ts';
import { CodeButton } from '../components/CodeButton.tsx';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { AppChoice } from './AppChoice.tsx';
import { PhoneRelease } from './PhoneRelease.tsx';
import { Registered } from './Registered.tsx';

type Values = RegisterForm & { agreed: boolean };

/** Sign-up: user name, password twice, phone with an SMS code, the app, and the user agreement. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [form] = Form.useForm<Values>();
  const [codeError, setCodeError] = useState<unknown>(null);
  const apps = useQuery({
    queryKey: ['register', 'apps'],
    queryFn: registrationApps,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const offered: RegisterApp[] = apps.data ?? [];
  const signUp = useMutation({
    mutationFn: ({ agreed: _agreed, ...values }: Values) => register({ ...values, account: values.account.trim() }),
    meta: { silentError: true },
  });

  if (signUp.data) return <Registered registered={signUp.data} />;
  const phoneBound = isRefusal(signUp.error, 'account.phoneBound');

  return (
    <div data-testid="register-page">
      <Typography.Title level={3} style={{ marginBottom: 6 }}>
        {t('register.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
        {t('register.subtitle')}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        name="register"
        layout="vertical"
        requiredMark={false}
        initialValues={{ agreed: false }}
        onFinish={(values) => {
          setCodeError(null);
          signUp.mutate({ ...values, app: values.app ?? offered[0] });
        }}
      >
        {phoneBound ? (
          <PhoneRelease phone={form.getFieldValue('phone')} onReleased={() => signUp.reset()} />
        ) : (
          <FormAlert error={signUp.error ?? codeError} form={form} />
        )}
        <Form.Item
          name="account"
          label={t('register.account')}
          extra={t('register.accountHint')}
          rules={[required(t('register.accountRequired')), schemaRule(accountName)]}
          hasFeedback
        >
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('register.accountPlaceholder')} />
        </Form.Item>
        <NewPasswordFields label={t('register.password')} />
        <Form.Item
          name="phone"
          label={t('register.phone')}
          rules={[required(t('login.phoneRequired')), schemaRule(phone)]}
        >
          <Input
            prefix={<MobileOutlined />}
            autoComplete="tel"
            inputMode="tel"
            maxLength={11}
            placeholder={t('login.phonePlaceholder')}
          />
        </Form.Item>
        <Form.Item label={t('login.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[required(t('login.codeRequired')), schemaRule(verificationCode)]}>
              <Input
                prefix={<SafetyOutlined />}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                placeholder={t('login.codePlaceholder')}
              />
            </Form.Item>
            <CodeButton
              ready={() =>
                form
                  .validateFields(['phone'])
                  .then(() => true)
                  .catch(() => false)
              }
              send={() => sendProofCode(form.getFieldValue('phone'), 'register')}
              onSent={() => setCodeError(null)}
              onError={setCodeError}
            />
          </Space.Compact>
        </Form.Item>
        {offered.length > 1 && (
          <Form.Item
            name="app"
            label={t('register.app')}
            rules={[{ required: true, message: t('register.appRequired') }]}
          >
            <AppChoice apps={offered} />
          </Form.Item>
        )}
        <Form.Item
          name="agreed"
          valuePropName="checked"
          rules={[
            { validator: async (_r, v) => (v ? undefined : Promise.reject(new Error(t('register.agreeRequired')))) },
          ]}
        >
          <Checkbox>
            {t('register.agree')}
            <Link to="/agreement" target="_blank">
              {t('agreement.name')}
            </Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={signUp.isPending} data-testid="register">
          {t('register.submit')}
        </Button>
      </Form>
      <Flex justify="center" gap={6} style={{ marginTop: 24 }}>
        <Typography.Text type="secondary">{t('register.haveAccount')}</Typography.Text>
        <Link to={`/login${search}`}>{t('register.toLogin')}</Link>
      </Flex>
    </div>
  );
}

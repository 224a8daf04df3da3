import { MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { type CodeChannel, email, phone, verificationCode } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { resetPassword, sendResetCode } from '../api.ts';
import { CodeButton } from '../components/CodeButton.tsx';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';

interface Values {
  target: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Forgot password: a code to the bound phone or email (valid 5 minutes), then a new password twice. */
export function ForgotPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [form] = Form.useForm<Values>();
  const [channel, setChannel] = useState<CodeChannel>('sms');
  const [codeError, setCodeError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (values: Values) => resetPassword({ ...values, target: values.target.trim() }),
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('forgot.done'));
      navigate(`/login${search}`);
    },
  });
  const byPhone = channel === 'sms';
  return (
    <div data-testid="forgot-page">
      <Typography.Title level={3} style={{ marginBottom: 6 }}>
        {t('forgot.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
        {t('forgot.subtitle')}
      </Typography.Paragraph>
      <Segmented<CodeChannel>
        block
        value={channel}
        onChange={(next) => {
          setChannel(next);
          setSentTo(null);
          setCodeError(null);
          reset.reset();
          form.resetFields(['target', 'code']);
        }}
        options={[
          { value: 'sms', label: t('forgot.byPhone'), icon: <MobileOutlined /> },
          { value: 'email', label: t('forgot.byEmail'), icon: <MailOutlined /> },
        ]}
        style={{ marginBottom: 20 }}
      />
      <Form<Values>
        form={form}
        name="forgot"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          setCodeError(null);
          reset.mutate(values);
        }}
      >
        <FormAlert error={reset.error ?? codeError} form={form} />
        <Form.Item
          name="target"
          label={byPhone ? t('register.phone') : t('forgot.email')}
          extra={sentTo ? t('code.sentTo', { target: sentTo }) : undefined}
          rules={
            byPhone
              ? [required(t('login.phoneRequired')), schemaRule(phone)]
              : [required(t('forgot.emailRequired')), schemaRule(email)]
          }
        >
          {byPhone ? (
            <Input
              prefix={<MobileOutlined />}
              inputMode="tel"
              maxLength={11}
              autoComplete="tel"
              placeholder={t('login.phonePlaceholder')}
            />
          ) : (
            <Input
              prefix={<MailOutlined />}
              inputMode="email"
              autoComplete="email"
              placeholder={t('forgot.emailPlaceholder')}
            />
          )}
        </Form.Item>
        <Form.Item label={t('login.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[required(t('login.codeRequired')), schemaRule(verificationCode)]}>
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                placeholder={t('login.codePlaceholder')}
              />
            </Form.Item>
            <CodeButton
              ready={() =>
                form
                  .validateFields(['target'])
                  .then(() => true)
                  .catch(() => false)
              }
              send={() => sendResetCode(channel, form.getFieldValue('target').trim())}
              onSent={() => {
                setCodeError(null);
                setSentTo(form.getFieldValue('target').trim());
              }}
              onError={setCodeError}
            />
          </Space.Compact>
        </Form.Item>
        <NewPasswordFields />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={reset.isPending}
          data-testid="reset-password"
        >
          {t('forgot.submit')}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 24 }}>
        <Link to={`/login${search}`}>{t('forgot.back')}</Link>
      </Flex>
    </div>
  );
}

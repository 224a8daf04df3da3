import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UserAvatar } from '../../shared/account/UserAvatar.tsx';
import { completeSignIn } from '../../shared/auth.ts';
import { errorText } from '../../shared/errors.ts';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { required } from '../../shared/forms/required.ts';
import { get } from '../../shared/request.ts';
import { useFinishSignIn } from './useFinishSignIn.ts';

interface TicketInfo {
  provider: string;
  providerName: string;
  nickname: string | null;
  avatar: string | null;
}

/**
 * A WeChat or DingTalk account that no account holds yet (`/login/bind?provider=&ticket=&target=`):
 * signing in with account and password binds it, so that next time the scan alone signs in.
 */
export function BindPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const ticket = params.get('ticket') ?? '';
  const target = params.get('target');
  const back = target ? `?target=${encodeURIComponent(target)}` : '';
  const finish = useFinishSignIn();
  const info = useQuery({
    queryKey: ['oauth', 'ticket', ticket],
    queryFn: ({ signal }) => get<TicketInfo>('apis-authz/oauth/ticket', { query: { ticket }, signal }),
    enabled: !!ticket,
    retry: false,
    meta: { silentError: true },
  });
  const bind = useMutation({
    mutationFn: (values: { account: string; password: string }) =>
      completeSignIn('apis-authz/oauth/bind', { ticket, account: values.account.trim(), password: values.password }),
    meta: { silentError: true },
    onSuccess: (signedIn) => finish({ token: signedIn.token, defaultPass: signedIn.user.defaultPass }),
  });

  if (info.isPending && ticket) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (!info.data) {
    return (
      <Result
        status="warning"
        title={t('bind.invalidTitle')}
        subTitle={info.error ? errorText(info.error) : t('bind.invalidText')}
        extra={
          <Link to={`/login${back}`}>
            <Button type="primary">{t('bind.backToLogin')}</Button>
          </Link>
        }
      />
    );
  }
  const { providerName, nickname, avatar } = info.data;
  return (
    <div data-testid="bind-page">
      <Typography.Title level={3} style={{ marginBottom: 6 }}>
        {t('bind.title', { provider: providerName })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('bind.subtitle', { provider: providerName })}</Typography.Paragraph>
      <Card size="small" style={{ marginBottom: 20, background: '#f7f9fc' }}>
        <Flex align="center" gap={12}>
          <UserAvatar name={nickname ?? providerName} avatar={avatar} size={40} />
          <Flex vertical>
            <Typography.Text strong>{nickname ?? t('bind.noNickname')}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('bind.scanned', { provider: providerName })}
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
      <Form layout="vertical" size="large" requiredMark={false} onFinish={(values) => bind.mutate(values)}>
        <FormAlert error={bind.error} />
        <Form.Item name="account" rules={[required(t('login.accountRequired'))]}>
          <Input prefix={<UserOutlined />} placeholder={t('login.accountPlaceholder')} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={bind.isPending}>
          {t('bind.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 20 }}>
        <Link to={`/login${back}`}>{t('bind.otherWay')}</Link>
        <Link to={`/register${back}`}>{t('login.register')}</Link>
      </Flex>
    </div>
  );
}

import { email as emailRule, type Lang, nickname as nicknameRule, toLang, verificationCode } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Divider, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../shared/auth.ts';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { changeLang } from '../../shared/i18n.ts';
import { type ProfileChange, sendProofCode, updateInfo } from '../api.ts';
import { CodeButton } from '../components/CodeButton.tsx';
import { AvatarUpload } from './AvatarUpload.tsx';

interface Values {
  nickname: string;
  email: string;
  emailCode?: string;
  lang: Lang;
}

/** 138****8000: enough to recognise one's own number, not to read someone else's over a shoulder. */
const masked = (phone: string | null) => (phone ? phone.replace(/^(\d{3})\d{4}(\d+)$/, '$1****$2') : '');

/** Name, head image, email (a new one proven by a code) and language; account and phone are shown, not edited here. */
export function ProfileTab({ user }: { user: UserInfo }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [codeError, setCodeError] = useState<unknown>(null);
  const newEmail = (Form.useWatch('email', form) ?? '').trim();
  const emailChanged = newEmail !== '' && newEmail !== (user.email ?? '');
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const change: ProfileChange = { nickname: values.nickname.trim(), lang: values.lang };
      if (values.email.trim() === '' && user.email) change.email = null;
      if (emailChanged) Object.assign(change, { email: newEmail, emailCode: values.emailCode });
      await updateInfo(change);
      return values.lang;
    },
    meta: { silentError: true },
    onSuccess: async (lang) => {
      if (lang !== toLang(i18n.language)) await changeLang(lang);
      message.success(t('profile.saved'));
      form.setFieldValue('emailCode', undefined);
      await queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    },
  });
  return (
    <>
      <AvatarUpload user={user} />
      <Divider />
      <Descriptions column={1} size="small" style={{ marginBottom: 20 }} styles={{ label: { width: 96 } }}>
        <Descriptions.Item label={t('profile.account')}>{user.account}</Descriptions.Item>
        <Descriptions.Item label={t('profile.phone')}>{masked(user.phone) || t('profile.none')}</Descriptions.Item>
        {user.identityName && <Descriptions.Item label={t('profile.identity')}>{user.identityName}</Descriptions.Item>}
      </Descriptions>
      <Form<Values>
        form={form}
        name="profile"
        layout="vertical"
        requiredMark={false}
        initialValues={{
          nickname: user.nickname,
          email: user.email ?? '',
          lang: toLang(user.lang) ?? toLang(i18n.language),
        }}
        onFinish={(values) => {
          setCodeError(null);
          save.mutate(values);
        }}
      >
        <FormAlert error={save.error ?? codeError} form={form} />
        <Form.Item
          name="nickname"
          label={t('profile.nickname')}
          rules={[required(t('profile.nicknameRequired')), schemaRule(nicknameRule)]}
        >
          <Input maxLength={30} showCount />
        </Form.Item>
        <Form.Item name="email" label={t('profile.email')} rules={[schemaRule(emailRule)]}>
          <Input inputMode="email" autoComplete="email" placeholder={t('forgot.emailPlaceholder')} />
        </Form.Item>
        {emailChanged && (
          <Form.Item label={t('profile.emailCode')} required extra={t('profile.emailCodeHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="emailCode"
                noStyle
                rules={[required(t('login.codeRequired')), schemaRule(verificationCode)]}
              >
                <Input inputMode="numeric" maxLength={6} placeholder={t('login.codePlaceholder')} />
              </Form.Item>
              <CodeButton
                ready={() =>
                  form
                    .validateFields(['email'])
                    .then(() => true)
                    .catch(() => false)
                }
                send={() => sendProofCode(newEmail, 'bind', 'email')}
                onSent={() => setCodeError(null)}
                onError={setCodeError}
              />
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item name="lang" label={t('profile.lang')}>
          <Radio.Group>
            <Radio value="zh-CN">中文</Radio>
            <Radio value="en">English</Radio>
          </Radio.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-profile">
          {t('profile.save')}
        </Button>
      </Form>
    </>
  );
}

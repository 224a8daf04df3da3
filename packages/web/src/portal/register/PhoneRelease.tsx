import { verificationCode } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { releasePhone, sendProofCode } from '../api.ts';
import { CodeButton } from '../components/CodeButton.tsx';

/**
 * The phone is bound to another account (the spec's "asks for release"): whoever holds the phone
 * proves it with a code and frees it, then the sign-up goes on.
 */
export function PhoneRelease({ phone, onReleased }: { phone: string; onReleased(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [codeError, setCodeError] = useState<unknown>(null);
  const release = useMutation({
    mutationFn: (code: string) => releasePhone(phone, code),
    meta: { silentError: true },
    onSuccess: () => {
      setOpen(false);
      message.success(t('register.released'));
      onReleased();
    },
  });
  return (
    <>
      <Alert
        data-testid="phone-bound"
        type="warning"
        showIcon
        title={t('register.phoneBoundTitle')}
        description={t('register.phoneBoundText', { phone })}
        action={
          <Button size="small" type="primary" onClick={() => setOpen(true)} data-testid="release-phone">
            {t('register.release')}
          </Button>
        }
        style={{ marginBottom: 20 }}
      />
      <Modal
        open={open}
        title={t('register.releaseTitle')}
        okText={t('register.releaseConfirm')}
        confirmLoading={release.isPending}
        onCancel={() => setOpen(false)}
        okButtonProps={{ htmlType: 'submit', form: 'release-phone' }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('register.releaseText', { phone })}</Typography.Paragraph>
        <Form name="release-phone" onFinish={(values: { code: string }) => release.mutate(values.code)}>
          <FormAlert error={release.error ?? codeError} />
          <Form.Item required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={[required(t('login.codeRequired')), schemaRule(verificationCode)]}>
                <Input
                  inputMode="numeric"
                  maxLength={6}
                  placeholder={t('login.codePlaceholder')}
                  aria-label={t('login.code')}
                />
              </Form.Item>
              <CodeButton
                ready={async () => true}
                send={() => sendProofCode(phone, 'bind')}
                onSent={() => setCodeError(null)}
                onError={(error) => setCodeError(error)}
              />
            </Space.Compact>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

import { debugPayload } from '@meridian/contracts';
import { Alert, Button, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { catalogue, showFieldErrors } from '../components/errors.ts';
import { type DebugReply, debugDevice } from './api.ts';
import { debuggable, spacedHex } from './hex.ts';

/**
 * Data Debugging (spec section 5: "sent data: not empty, at most 256 characters, hexadecimal"): the
 * bytes go to the device as typed and its raw reply comes back as hex. Only devices behind a DTU
 * pass raw bytes; for the others the page says so instead of offering a form that cannot work.
 */
export function DebugPanel({ deviceId, protocol }: { deviceId: number; protocol: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ payload: string }>();
  const [sending, setSending] = useState(false);
  const [reply, setReply] = useState<DebugReply | null>(null);
  if (!debuggable(protocol)) {
    return <Alert data-testid="debug-unsupported" type="info" showIcon title={catalogue('gateway.debugUnsupported')} />;
  }
  const submit = async ({ payload }: { payload: string }) => {
    setSending(true);
    try {
      setReply(await debugDevice(deviceId, payload));
    } catch (error) {
      setReply(null);
      showFieldErrors(form, error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Flex vertical gap={16} data-testid="debug-panel" style={{ maxWidth: 720 }}>
      <Typography.Text type="secondary">{t('data.debug.hint')}</Typography.Text>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="payload"
          label={t('data.debug.payload')}
          rules={[required(catalogue('gateway.debug.empty')), schemaRule(debugPayload)]}
        >
          <Input.TextArea
            data-testid="debug-payload"
            rows={3}
            placeholder="01 03 00 00 00 02 C4 0B"
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending} data-testid="debug-send">
          {t('data.debug.send')}
        </Button>
      </Form>
      {reply && (
        <Descriptions
          data-testid="debug-reply"
          bordered
          size="small"
          column={1}
          items={[
            { label: t('data.debug.sent'), children: <code>{spacedHex(reply.sent)}</code> },
            {
              label: t('data.debug.reply'),
              children: reply.reply ? (
                <code data-testid="debug-reply-hex">{spacedHex(reply.reply)}</code>
              ) : (
                <Typography.Text type="secondary">{t('data.debug.noReply')}</Typography.Text>
              ),
            },
            { label: t('data.debug.elapsed'), children: t('data.debug.ms', { ms: reply.elapsedMs }) },
          ]}
        />
      )}
    </Flex>
  );
}

import { EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from './feedback.tsx';

/**
 * A number as the server shows it (masked), with "show" beside it when the caller may ask for the
 * whole one: asking calls the server, which audits it, and the whole number takes the masked one's
 * place until the page is left.
 */
export function RevealNumber({
  masked,
  reveal,
  testId,
}: {
  masked: string | null;
  /** Absent when the caller's role may not see the whole number. */
  reveal?: () => Promise<string | null>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const shown = useMutation({ mutationFn: () => (reveal ? reveal() : Promise.resolve(masked)), onError: notifyError });
  if (masked === null) return <>-</>;
  const whole = shown.data;
  return (
    <Space size={4} data-testid={testId}>
      <span>{whole ?? masked}</span>
      {reveal && whole === undefined && (
        <Tooltip title={t('reveal.title')}>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            loading={shown.isPending}
            onClick={() => shown.mutate()}
            aria-label={t('reveal.title')}
            style={{ padding: 0, height: 'auto' }}
          >
            {t('reveal.show')}
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}

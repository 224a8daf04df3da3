import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTitleKey } from '../shell/title.ts';

/** A full-screen dashboard whose content ships later: the screen's title on its dark wall. */
export function ScreenPage() {
  const { t } = useTranslation();
  const titleKey = useTitleKey();
  return (
    <Flex
      data-testid="mind-screen"
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: '100vh', background: 'radial-gradient(circle at 50% 30%, #123a6b 0%, #07172e 70%)' }}
    >
      <FundProjectionScreenOutlined style={{ fontSize: 56, color: '#5fb3ff' }} />
      <Typography.Title level={2} style={{ color: '#e6f1ff', margin: 0 }}>
        {titleKey ? t(titleKey) : t('appName')}
      </Typography.Title>
      <Typography.Text style={{ color: '#9fb8d8' }}>{t('screen.description')}</Typography.Text>
    </Flex>
  );
}

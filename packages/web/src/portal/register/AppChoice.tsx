import { ClusterOutlined, HeartOutlined } from '@ant-design/icons';
import type { RegisterApp } from '@meridian/contracts';
import { Flex, Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const icons: Record<RegisterApp, ReactNode> = { iot: <ClusterOutlined />, mind: <HeartOutlined /> };

interface AppChoiceProps {
  apps: RegisterApp[];
  value?: RegisterApp;
  onChange?(app: RegisterApp): void;
}

/** Which application the new account is for, when the deployment offers both. */
export function AppChoice({ apps, value, onChange }: AppChoiceProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group value={value} onChange={(event) => onChange?.(event.target.value)} style={{ width: '100%' }}>
      <Flex gap={12}>
        {apps.map((app) => (
          <Radio.Button key={app} value={app} style={{ flex: 1, height: 'auto', padding: '8px 12px', lineHeight: 1.5 }}>
            <Flex align="center" gap={8} data-testid={`app-choice-${app}`}>
              <span style={{ fontSize: 18 }}>{icons[app]}</span>
              <Flex vertical>
                <Typography.Text strong style={{ color: 'inherit' }}>
                  {t(`apps.${app}.name`)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`register.appFor.${app}`)}
                </Typography.Text>
              </Flex>
            </Flex>
          </Radio.Button>
        ))}
      </Flex>
    </Radio.Group>
  );
}

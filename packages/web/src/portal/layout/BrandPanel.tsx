import { ClusterOutlined, HeartOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentBrand } from '../../shared/brand.ts';
import { fileAddress } from '../../shared/files.ts';
import { MeridianMark } from '../../shared/PlatformMark.tsx';
import { Paragraph, Text, Title } from '../../shared/typography.tsx';

const highlights: { key: string; icon: ReactNode }[] = [
  { key: 'sso', icon: <SafetyCertificateOutlined /> },
  { key: 'iot', icon: <ClusterOutlined /> },
  { key: 'mind', icon: <HeartOutlined /> },
];

const white = { color: '#fff' };
const soft = { color: 'rgba(255, 255, 255, 0.72)' };

/** The left half of the sign-in pages: who we are and what one account opens. */
export function BrandPanel() {
  const { t } = useTranslation();
  // On a neutral member's domain: its sign-in background and colour (decision 0116).
  const brand = currentBrand();
  const shade = brand ? `linear-gradient(145deg, #0f2240cc 0%, ${brand.primaryColor}b3 100%)` : undefined;
  const background = brand
    ? brand.background
      ? `${shade}, url("${fileAddress(brand.background)}") center / cover no-repeat`
      : `linear-gradient(145deg, #0f2240 0%, ${brand.primaryColor} 100%)`
    : 'linear-gradient(145deg, #0f2240 0%, #163a78 55%, #2f6bd8 100%)';
  return (
    <Flex
      vertical
      justify="space-between"
      data-testid="brand-panel"
      style={{
        position: 'relative',
        overflow: 'hidden',
        width: '42%',
        maxWidth: 640,
        minHeight: '100vh',
        padding: '40px 56px',
        background,
      }}
    >
      {!brand && <Meridians />}
      <Flex align="center" gap={12} style={{ position: 'relative' }}>
        <MeridianMark size={34} />
        <Text strong style={{ ...white, fontSize: 20 }}>
          {t('appName')}
        </Text>
      </Flex>
      <Flex vertical gap={28} style={{ position: 'relative', maxWidth: 500 }}>
        <div>
          <Title level={2} style={{ ...white, fontSize: 28, marginBottom: 12, lineHeight: 1.4 }}>
            {t('brand.heading')}
          </Title>
          <Paragraph style={{ ...soft, fontSize: 15, margin: 0 }}>{t('brand.intro')}</Paragraph>
        </div>
        <Flex vertical gap={18}>
          {highlights.map(({ key, icon }) => (
            <Flex key={key} gap={14} align="flex-start">
              <Flex
                align="center"
                justify="center"
                style={{
                  ...white,
                  flex: 'none',
                  width: 40,
                  height: 40,
                  borderRadius: 10,
                  fontSize: 19,
                  background: 'rgba(255, 255, 255, 0.12)',
                }}
              >
                {icon}
              </Flex>
              <div>
                <Text strong style={{ ...white, fontSize: 15 }}>
                  {t(`brand.highlights.${key}.title`)}
                </Text>
                <Paragraph style={{ ...soft, margin: '2px 0 0' }}>{t(`brand.highlights.${key}.text`)}</Paragraph>
              </div>
            </Flex>
          ))}
        </Flex>
      </Flex>
      <Text style={{ ...soft, position: 'relative', fontSize: 12 }}>{t('brand.trust')}</Text>
    </Flex>
  );
}

/** Faint meridian lines behind the panel's text, drawn like the mark. */
function Meridians() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 600 600"
      style={{ position: 'absolute', right: -220, bottom: -200, width: 640, height: 640, opacity: 0.14 }}
    >
      <g fill="none" stroke="#fff" strokeWidth="1.5">
        <circle cx="300" cy="300" r="280" />
        <ellipse cx="300" cy="300" rx="120" ry="280" />
        <ellipse cx="300" cy="300" rx="210" ry="280" />
        <ellipse cx="300" cy="300" rx="280" ry="110" />
        <path d="M20 300h560M300 20v560" />
      </g>
    </svg>
  );
}

import { DEFAULT_LANG, toLang } from '@meridian/contracts';
import { Card, Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../shared/LanguageSwitch.tsx';
import { MeridianMark } from '../../shared/PlatformMark.tsx';
import { useRouteTitle, useScrollToTop } from '../../shared/routing.ts';
import { en } from './en.ts';
import type { Agreement } from './types.ts';
import { zhCN } from './zh-CN.ts';

const texts: Record<'zh-CN' | 'en', Agreement> = { 'zh-CN': zhCN, en };

/** The static user agreement, linked from sign-in and sign-up; readable without an account. */
export function AgreementPage() {
  const { t, i18n } = useTranslation();
  useRouteTitle('appName');
  useScrollToTop();
  const agreement = texts[toLang(i18n.language) ?? DEFAULT_LANG];
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ borderBottom: '1px solid #e8ecf3', padding: 0 }}>
        <Flex
          align="center"
          justify="space-between"
          style={{ maxWidth: 880, height: '100%', margin: '0 auto', padding: '0 24px' }}
        >
          <Link to="/login">
            <Flex align="center" gap={10}>
              <MeridianMark size={26} />
              <Typography.Text strong style={{ fontSize: 16 }}>
                {t('appName')}
              </Typography.Text>
            </Flex>
          </Link>
          <LanguageSwitch />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: '32px 16px 48px' }}>
        <Card
          data-testid="agreement-page"
          style={{ maxWidth: 880, margin: '0 auto' }}
          styles={{ body: { padding: '40px 48px' } }}
        >
          <Typography>
            <Typography.Title level={2} style={{ textAlign: 'center', marginBottom: 8 }}>
              {agreement.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 32 }}>
              {agreement.updated}
            </Typography.Paragraph>
            {agreement.intro.map((text) => (
              <Typography.Paragraph key={text}>{text}</Typography.Paragraph>
            ))}
            {agreement.sections.map((section) => (
              <section key={section.heading}>
                <Typography.Title level={4} style={{ marginTop: 28 }}>
                  {section.heading}
                </Typography.Title>
                {section.paragraphs.map((text) => (
                  <Typography.Paragraph key={text}>{text}</Typography.Paragraph>
                ))}
              </section>
            ))}
          </Typography>
        </Card>
      </Layout.Content>
    </Layout>
  );
}

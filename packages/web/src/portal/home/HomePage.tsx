import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageWidth } from '../PortalLayout.tsx';
import { AppCard } from './AppCard.tsx';
import { SystemStatus } from './SystemStatus.tsx';

/** The launcher: what Meridian is, the two apps, and whether the service is up. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div data-testid="portal-home">
      <section style={{ background: 'linear-gradient(180deg, #e4edfc 0%, #f3f5f9 100%)', padding: '64px 0 40px' }}>
        <div style={pageWidth}>
          <Typography.Title level={1} style={{ fontSize: 34, marginBottom: 12 }}>
            {t('home.heading')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 720, margin: 0 }}>
            {t('home.intro')}
          </Typography.Paragraph>
        </div>
      </section>
      <div style={{ ...pageWidth, paddingBottom: 48 }}>
        <Row gutter={[24, 24]}>
          <Col xs={24} md={12}>
            <AppCard app="iot" href="/iot/" />
          </Col>
          <Col xs={24} md={12}>
            <AppCard app="mind" href="/jdp/" />
          </Col>
        </Row>
        <Flex justify="center" style={{ marginTop: 40 }}>
          <SystemStatus />
        </Flex>
      </div>
    </div>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const stepKeys = ['add', 'template', 'alarm', 'watch'];

/** Device Cloud's first page: how to connect a device, and the (still empty) device list. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div data-testid="iot-home">
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {t('home.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
        {t('home.intro')}
      </Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col span={24}>
          <Card title={t('home.stepsTitle')}>
            <Steps
              current={0}
              items={stepKeys.map((key) => ({
                title: t(`home.steps.${key}.title`),
                content: t(`home.steps.${key}.content`),
              }))}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card
            title={t('home.devicesTitle')}
            extra={
              <Button type="primary" icon={<PlusOutlined />} disabled>
                {t('home.addDevice')}
              </Button>
            }
          >
            <Empty
              style={{ padding: '32px 0' }}
              description={
                <>
                  <Typography.Text>{t('home.noDevices')}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('home.noDevicesHint')}</Typography.Text>
                </>
              }
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

import { MEMBERSHIP_PLANS, NEUTRAL_PRICE_FROM } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, List, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ownBrand } from './api.ts';

const POINTS = ['domain', 'brand', 'customers', 'limits'] as const;

/** Neutral Introduction (spec section 2): what neutral operation gives, and its price (section 9). */
export function NeutralIntroPage() {
  const { t } = useTranslation();
  const own = useQuery({ queryKey: ['portal', 'brand'], queryFn: ({ signal }) => ownBrand(signal) });
  const plan = MEMBERSHIP_PLANS[2];
  return (
    <Card title={t('menu.neutral.intro')} data-testid="neutral-intro">
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={15}>
          <Typography.Paragraph style={{ fontSize: 15 }}>{t('neutral.intro.lead')}</Typography.Paragraph>
          <List
            dataSource={[...POINTS]}
            renderItem={(key) => (
              <List.Item>
                <List.Item.Meta
                  title={t(`neutral.intro.points.${key}.title`)}
                  description={t(`neutral.intro.points.${key}.text`, {
                    slaves: plan.slaves,
                    subUsers: plan.subUsers,
                  })}
                />
              </List.Item>
            )}
          />
        </Col>
        <Col xs={24} lg={9}>
          <Card data-testid="neutral-price" styles={{ body: { textAlign: 'center' } }}>
            <Typography.Text type="secondary">{t('neutral.intro.priceLabel')}</Typography.Text>
            <Typography.Title level={2} style={{ margin: '8px 0' }}>
              {t('neutral.intro.price', { price: NEUTRAL_PRICE_FROM.toLocaleString('en') })}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('neutral.intro.priceNote')}</Typography.Paragraph>
            {own.isPending ? (
              <Skeleton.Button active />
            ) : own.data?.neutral ? (
              <Flex vertical gap={8} align="center">
                <Tag color="success">{t('neutral.intro.youAre')}</Tag>
                <Link to="/neutral/brand">
                  <Button type="primary">{t('neutral.intro.setBrand')}</Button>
                </Link>
              </Flex>
            ) : (
              <Link to="/billing/membership">
                <Button type="primary" data-testid="neutral-buy">
                  {t('neutral.intro.buy')}
                </Button>
              </Link>
            )}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import type { ProtocolUsage } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, List, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { customProtocolsKey, listCustomProtocols, protocolUsage } from './api.ts';

/** The account's custom protocols, each a link to its editor, and the button that defines a new one. */
function CustomProtocols() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const protocols = useQuery({
    queryKey: customProtocolsKey,
    queryFn: ({ signal }) => listCustomProtocols(signal),
    meta: { silentError: true },
  });
  return (
    <div data-testid="custom-protocols" style={{ marginTop: 12 }}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('protocols.custom.mine')}</Typography.Text>
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/templates/protocols/custom/new')}
          data-testid="custom-protocol-add"
        >
          {t('protocols.custom.add')}
        </Button>
      </Flex>
      <List
        size="small"
        loading={protocols.isLoading}
        locale={{ emptyText: t('protocols.custom.empty') }}
        dataSource={protocols.data ?? []}
        renderItem={(protocol) => (
          <List.Item>
            <Link to={`/templates/protocols/custom/${protocol.id}`}>{protocol.name}</Link>
            <Typography.Text type="secondary">
              {t('protocols.custom.pointCount', { count: protocol.points.length })}
            </Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}

/** One protocol: what it is, how a template addresses its devices, and the templates that use it. */
function ProtocolCard({ usage }: { usage: ProtocolUsage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { protocol, templateCount, templates } = usage;
  return (
    <Card
      data-testid={`protocol-${protocol}`}
      title={t(`templates.protocol.${protocol}`)}
      extra={<Tag color="blue">{t(`protocols.${protocol}.transport`)}</Tag>}
      style={{ height: '100%' }}
    >
      <Typography.Paragraph>{t(`protocols.${protocol}.doc`)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t(`protocols.${protocol}.points`)}</Typography.Paragraph>
      {protocol === 'custom' && <CustomProtocols />}
      <Typography.Text strong>{t('protocols.usedBy', { count: templateCount })}</Typography.Text>
      {templates.length ? (
        <Flex wrap gap={8} style={{ marginTop: 8 }} data-testid={`protocol-templates-${protocol}`}>
          {templates.map((template) => (
            <Link key={template.id} to={`/templates/${template.id}`}>
              <Tag color="blue">{template.name}</Tag>
            </Link>
          ))}
          {templateCount > templates.length && (
            <Link to="/templates">{t('protocols.more', { count: templateCount - templates.length })}</Link>
          )}
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('protocols.none')} style={{ margin: '8px 0 0' }}>
          <Button size="small" icon={<PlusOutlined />} onClick={() => navigate('/templates/new')}>
            {t('templates.list.add')}
          </Button>
        </Empty>
      )}
    </Card>
  );
}

/** Communication Protocol: the protocols a template can choose, each documented, with the templates that use it. */
export function ProtocolsPage() {
  const { t } = useTranslation();
  const usage = useQuery({
    queryKey: ['iot', 'templates', 'protocols'],
    queryFn: ({ signal }) => protocolUsage(signal),
    meta: { silentError: true },
  });
  if (usage.isError && !usage.data)
    return <LoadFailed error={usage.error} onRetry={() => usage.refetch()} retrying={usage.isFetching} />;
  if (!usage.data) return <PageLoading />;
  return (
    <Card data-testid="protocols-page" title={t('menu.templates.protocols')}>
      <Typography.Paragraph type="secondary">{t('protocols.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {usage.data.map((item) => (
          <Col key={item.protocol} xs={24} lg={12}>
            <ProtocolCard usage={item} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

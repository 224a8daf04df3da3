import {
  type CustomProtocolInput,
  customProtocolInput,
  customProtocolRulesBroken,
  previewCustomAnswer,
  translate,
} from '@meridian/contracts';
import { Alert, Card, Col, Form, Input, InputNumber, Row, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../shared/i18n.ts';

/**
 * "Test with a sample answer": a pasted answer read by the definition being edited, as the gateway
 * will read it, with its values or the reason it would be refused, in the catalogue's words.
 */
export function CustomPreview() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<CustomProtocolInput>();
  const values = Form.useWatch([], form) as CustomProtocolInput | undefined;
  const [address, setAddress] = useState(1);
  const [sample, setSample] = useState('');
  const parsed = customProtocolInput.safeParse(values ?? {});
  const definition = parsed.success && customProtocolRulesBroken(parsed.data).length === 0 ? parsed.data : null;
  const preview = definition && sample.trim() ? previewCustomAnswer(definition, address, sample) : null;
  return (
    <Card title={t('customProtocol.preview')} data-testid="custom-preview">
      <Typography.Paragraph type="secondary">{t('customProtocol.previewHint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Typography.Text>{t('customProtocol.address')}</Typography.Text>
          <InputNumber
            data-testid="preview-address"
            min={0}
            max={255}
            precision={0}
            value={address}
            onChange={(next) => setAddress(next ?? 0)}
            style={{ width: '100%', marginTop: 4 }}
          />
        </Col>
        <Col xs={24} md={18}>
          <Typography.Text>{t('customProtocol.sample')}</Typography.Text>
          <Input.TextArea
            data-testid="preview-sample"
            rows={2}
            value={sample}
            onChange={(event) => setSample(event.target.value)}
            placeholder="01 03 06 00 E7 FF D3 01 2C …"
            style={{ fontFamily: 'monospace', marginTop: 4 }}
          />
        </Col>
      </Row>
      {sample.trim() && !definition && (
        <Alert style={{ marginTop: 16 }} type="warning" showIcon title={t('customProtocol.fixFirst')} />
      )}
      {preview && !preview.ok && (
        <Alert
          data-testid="preview-problem"
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          title={translate(preview.problem.key, currentLang(), preview.problem.params)}
        />
      )}
      {preview?.ok && (
        <Table
          data-testid="preview-values"
          style={{ marginTop: 16 }}
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={preview.values}
          columns={[
            { title: t('customProtocol.key'), dataIndex: 'key' },
            { title: t('customProtocol.pointName'), dataIndex: 'name' },
            {
              title: t('customProtocol.value'),
              render: (_v, row) =>
                row.value === null ? (
                  <Typography.Text type="danger">{t('customProtocol.notDigits')}</Typography.Text>
                ) : (
                  <Typography.Text strong data-testid={`preview-value-${row.key}`}>
                    {`${row.value}${row.unit ? ` ${row.unit}` : ''}`}
                  </Typography.Text>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}

import { SCALE_AUDIENCES, SCORING_METHODS } from '@meridian/contracts';
import { Card, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocalTextFields } from './EditorSections.tsx';

/** The scale's basics: code, audience, languages, scoring method (and multiplier), name, description, instructions. */
export function BasicsSection() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const method: unknown = Form.useWatch(['scoring', 'method'], form);
  return (
    <Card size="small" title={t('editor.basics')} style={{ marginBottom: 16 }}>
      <Flex gap={16} wrap>
        <Form.Item name="code" label={t('editor.code')} extra={t('editor.codeHint')} style={{ width: 260 }}>
          <Input maxLength={32} data-testid="editor-code" />
        </Form.Item>
        <Form.Item name="audience" label={t('editor.audience')} style={{ width: 160 }}>
          <Select options={SCALE_AUDIENCES.map((a) => ({ value: a, label: t(`scales.audience.${a}`) }))} />
        </Form.Item>
        <Form.Item name="languages" label={t('editor.languages')} style={{ width: 220 }}>
          <Select
            mode="multiple"
            options={[
              { value: 'zh-CN', label: t('editor.zh') },
              { value: 'en', label: t('editor.en') },
            ]}
          />
        </Form.Item>
        <Form.Item name={['scoring', 'method']} label={t('editor.method')} style={{ width: 160 }}>
          <Select options={SCORING_METHODS.map((m) => ({ value: m, label: t(`scales.method.${m}`) }))} />
        </Form.Item>
        {method === 'standard' && (
          <Form.Item name={['scoring', 'multiplier']} label={t('editor.multiplier')} extra={t('editor.multiplierHint')}>
            <InputNumber min={0} max={100} step={0.05} />
          </Form.Item>
        )}
      </Flex>
      <LocalTextFields name={['name']} label={t('editor.name')} />
      <LocalTextFields name={['description']} label={t('editor.description')} area />
      <LocalTextFields name={['instructions']} label={t('editor.instructions')} area />
    </Card>
  );
}

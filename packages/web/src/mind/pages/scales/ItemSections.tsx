import { Flex, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListSection, LocalTextFields } from './EditorSections.tsx';

/** The answer options every item shares: value, score and label. */
export function OptionsSection() {
  const { t } = useTranslation();
  return (
    <ListSection
      name="options"
      title={t('editor.options')}
      hint={t('editor.optionsHint')}
      testId="editor-options"
      blank={() => ({ value: '', label: { 'zh-CN': '', en: '' }, score: 0 })}
      row={(i) => (
        <Flex gap={8} wrap>
          <Form.Item name={[i, 'value']} label={t('editor.value')} style={{ width: 90 }}>
            <Input maxLength={16} />
          </Form.Item>
          <Form.Item name={[i, 'score']} label={t('editor.score')} style={{ width: 100 }}>
            <InputNumber />
          </Form.Item>
          <div style={{ flex: 1, minWidth: 300 }}>
            <LocalTextFields name={[i, 'label']} label={t('editor.label')} />
          </div>
        </Flex>
      )}
    />
  );
}

/** The items: id, text, reverse scoring and whether each counts in the total. A new item takes the next number. */
export function ItemsSection() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const items: { id?: string }[] = Form.useWatch('items', form) ?? [];
  return (
    <ListSection
      name="items"
      title={t('editor.items')}
      testId="editor-items"
      blank={() => ({ id: String(items.length + 1), text: { 'zh-CN': '', en: '' } })}
      row={(i) => (
        <Flex gap={8} wrap>
          <Form.Item name={[i, 'id']} label={t('editor.itemId')} style={{ width: 80 }}>
            <Input maxLength={32} />
          </Form.Item>
          <div style={{ flex: 1, minWidth: 320 }}>
            <LocalTextFields name={[i, 'text']} label={t('editor.itemText')} area />
          </div>
          <Form.Item name={[i, 'reverse']} label={t('editor.reverse')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name={[i, 'inTotal']} label={t('editor.inTotal')} valuePropName="checked" initialValue={true}>
            <Switch />
          </Form.Item>
        </Flex>
      )}
    />
  );
}

import { Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConditionFields, ListSection, LocalTextFields, levelOptions } from './EditorSections.tsx';

const FACTOR_METHODS = ['sum', 'mean'] as const;

/** The ids given so far in one list of the definition (items, factors, bands), blanks left out. */
function useIds(name: 'items' | 'factors' | 'bands'): string[] {
  const form = Form.useFormInstance();
  const list: { id?: string }[] = Form.useWatch(name, form) ?? [];
  return list.map((x) => x?.id ?? '').filter(Boolean);
}

/** The factors: id, name, the items they add up and how, and whether one is a validity scale. */
export function FactorsSection() {
  const { t } = useTranslation();
  const itemIds = useIds('items');
  return (
    <ListSection
      name="factors"
      title={t('editor.factors')}
      testId="editor-factors"
      blank={() => ({ id: '', name: { 'zh-CN': '', en: '' }, items: [], method: 'sum' })}
      row={(i) => (
        <Flex gap={8} wrap>
          <Form.Item name={[i, 'id']} label={t('editor.factorId')} style={{ width: 110 }}>
            <Input maxLength={32} />
          </Form.Item>
          <div style={{ flex: 1, minWidth: 280 }}>
            <LocalTextFields name={[i, 'name']} label={t('editor.factorName')} />
          </div>
          <Form.Item name={[i, 'items']} label={t('editor.factorItems')} style={{ minWidth: 200 }}>
            <Select mode="multiple" options={itemIds.map((id) => ({ value: id, label: id }))} />
          </Form.Item>
          <Form.Item name={[i, 'method']} label={t('editor.factorMethod')} style={{ width: 110 }}>
            <Select options={FACTOR_METHODS.map((m) => ({ value: m, label: t(`scales.method.${m}`) }))} />
          </Form.Item>
          <Form.Item name={[i, 'validity']} label={t('editor.validityScale')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
      )}
    />
  );
}

/** The score bands: id, range, label, and what a result in the band means and suggests. */
export function BandsSection() {
  const { t } = useTranslation();
  return (
    <ListSection
      name="bands"
      title={t('editor.bands')}
      hint={t('editor.bandsHint')}
      testId="editor-bands"
      blank={() => ({ id: '', min: 0, max: 0, label: { 'zh-CN': '', en: '' } })}
      row={(i) => (
        <>
          <Flex gap={8} wrap>
            <Form.Item name={[i, 'id']} label={t('editor.bandId')} style={{ width: 110 }}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name={[i, 'min']} label={t('editor.min')} style={{ width: 100 }}>
              <InputNumber />
            </Form.Item>
            <Form.Item name={[i, 'max']} label={t('editor.max')} style={{ width: 100 }}>
              <InputNumber />
            </Form.Item>
            <div style={{ flex: 1, minWidth: 280 }}>
              <LocalTextFields name={[i, 'label']} label={t('editor.bandLabel')} />
            </div>
          </Flex>
          <LocalTextFields name={[i, 'interpretation']} label={t('editor.interpretation')} area />
          <LocalTextFields name={[i, 'suggestion']} label={t('editor.suggestion')} area />
        </>
      )}
    />
  );
}

/** The warning rules: id, level, the condition on the total, a factor, an item or bands, and the reason shown. */
export function WarningsSection() {
  const { t } = useTranslation();
  const itemIds = useIds('items');
  const factorIds = useIds('factors');
  const bandIds = useIds('bands');
  return (
    <ListSection
      name="warnings"
      title={t('editor.warnings')}
      hint={t('editor.warningsHint')}
      testId="editor-warnings"
      blank={() => ({
        id: '',
        level: 'yellow',
        when: { kind: 'total', op: 'gte', value: 0 },
        reason: { 'zh-CN': '', en: '' },
      })}
      row={(i) => (
        <>
          <Flex gap={8} wrap>
            <Form.Item name={[i, 'id']} label={t('editor.ruleId')} style={{ width: 110 }}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name={[i, 'level']} label={t('editor.level')} style={{ width: 130 }}>
              <Select options={levelOptions(t)} />
            </Form.Item>
            <Form.Item label={t('editor.when')} style={{ marginBottom: 0 }}>
              <ConditionFields name={[i, 'when']} itemIds={itemIds} factorIds={factorIds} bandIds={bandIds} />
            </Form.Item>
          </Flex>
          <LocalTextFields name={[i, 'reason']} label={t('editor.reason')} />
        </>
      )}
    />
  );
}

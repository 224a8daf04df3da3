import { DOCKING_FIELDS, type DockingConfig, type DockingField } from '@meridian/contracts';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** One mapping row as the form holds it: the codes as `value=code` pairs in one line. */
export interface MappingRow {
  field: DockingField;
  name?: string;
  codes?: string;
  fallback?: string;
}

const PAIR = /^([^=,]+)=([^=,]+)$/;

/** `male=1, female=2` → pairs; null when a part is not a pair. */
export function parseCodes(text: string | undefined): Array<{ ours: string; theirs: string }> | null {
  const parts = (text ?? '')
    .split(/[,，\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const pairs = parts.map((p) => PAIR.exec(p));
  if (pairs.some((m) => m === null)) return null;
  return pairs.map((m) => ({
    ours: (m as RegExpExecArray)[1]?.trim() ?? '',
    theirs: (m as RegExpExecArray)[2]?.trim() ?? '',
  }));
}

export const rowsOf = (mapping: DockingConfig['mapping']): MappingRow[] =>
  mapping.map((m) => ({
    field: m.field,
    name: m.name,
    codes: m.codes.map((c) => `${c.ours}=${c.theirs}`).join(', '),
    fallback: m.fallback ?? '',
  }));

export const mappingOf = (rows: MappingRow[] | undefined) =>
  (rows ?? []).map((r) => ({
    field: r.field,
    name: r.name?.trim() ?? '',
    codes: parseCodes(r.codes) ?? [],
    fallback: r.fallback?.trim() ? r.fallback.trim() : null,
  }));

/** The field mapping inside the platform form: one line per mapped field (decision 0129). */
export function MappingFields() {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('docking.mapping.title')} extra={t('docking.mapping.intro')}>
      <Form.List name="mapping">
        {(rows, { add, remove }) => (
          <Flex vertical gap={8} data-testid="docking-mapping">
            {rows.length === 0 && <Typography.Text type="secondary">{t('docking.mapping.empty')}</Typography.Text>}
            {rows.map((row) => (
              <Flex key={row.key} gap={8} wrap align="start" data-testid="docking-mapping-row">
                <Form.Item
                  name={[row.name, 'field']}
                  rules={[{ required: true, message: t('docking.mapping.field') }]}
                  noStyle
                >
                  <Select
                    style={{ width: 210 }}
                    aria-label={t('docking.mapping.field')}
                    placeholder={t('docking.mapping.field')}
                    options={DOCKING_FIELDS.map((f) => ({ value: f, label: t(`docking.field.${f}`) }))}
                    data-testid="docking-mapping-field"
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'name']} noStyle>
                  <Input
                    style={{ width: 130 }}
                    placeholder={t('docking.mapping.name')}
                    aria-label={t('docking.mapping.name')}
                    data-testid="docking-mapping-name"
                  />
                </Form.Item>
                <Form.Item
                  name={[row.name, 'codes']}
                  style={{ marginBottom: 0 }}
                  rules={[
                    {
                      validator: (_, value: string | undefined) =>
                        parseCodes(value) === null
                          ? Promise.reject(new Error(t('docking.mapping.codesInvalid')))
                          : Promise.resolve(),
                    },
                  ]}
                >
                  <Input
                    style={{ width: 200 }}
                    placeholder={t('docking.mapping.codes')}
                    aria-label={t('docking.mapping.codes')}
                    data-testid="docking-mapping-codes"
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'fallback']} noStyle>
                  <Input
                    style={{ width: 110 }}
                    placeholder={t('docking.mapping.fallback')}
                    aria-label={t('docking.mapping.fallback')}
                    data-testid="docking-mapping-fallback"
                  />
                </Form.Item>
                <Button onClick={() => remove(row.name)}>{t('docking.mapping.remove')}</Button>
              </Flex>
            ))}
            <Button
              type="dashed"
              onClick={() => add({ codes: '', name: '', fallback: '' })}
              data-testid="docking-mapping-add"
            >
              {t('docking.mapping.add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

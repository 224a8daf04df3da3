import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { COMPARISONS, WARNING_LEVELS } from '@meridian/contracts';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Name = (string | number)[];

/** Chinese and English side by side for one text of the definition. */
export function LocalTextFields({ name, label, area }: { name: Name; label: string; area?: boolean }) {
  const { t } = useTranslation();
  const Field = area ? Input.TextArea : Input;
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <Flex gap={8}>
        <Form.Item name={[...name, 'zh-CN']} noStyle>
          <Field
            placeholder={t('editor.zh')}
            aria-label={`${label} ${t('editor.zh')}`}
            autoSize={area ? { minRows: 1 } : undefined}
          />
        </Form.Item>
        <Form.Item name={[...name, 'en']} noStyle>
          <Field
            placeholder={t('editor.en')}
            aria-label={`${label} ${t('editor.en')}`}
            autoSize={area ? { minRows: 1 } : undefined}
          />
        </Form.Item>
      </Flex>
    </Form.Item>
  );
}

/** A list section: each row in a small card with a remove button, and an add button under them. */
export function ListSection(props: {
  name: string;
  title: string;
  hint?: string;
  blank: () => object;
  row: (index: number) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={props.title} style={{ marginBottom: 16 }} data-testid={props.testId}>
      {props.hint && <Typography.Paragraph type="secondary">{props.hint}</Typography.Paragraph>}
      <Form.List name={props.name}>
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => (
              <Flex
                key={field.key}
                gap={8}
                align="start"
                data-testid={`${props.testId}-row`}
                style={{ borderBottom: '1px dashed #f0f0f0', paddingTop: 8 }}
              >
                <div style={{ flex: 1 }}>{props.row(field.name)}</div>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('editor.remove')}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(props.blank())} style={{ marginTop: 8 }}>
              {t('editor.add')}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

const SIMPLE_KINDS = ['total', 'factor', 'item', 'band'] as const;

/** A warning rule's condition: total, a factor, an item or bands; other kinds (any, all, count...) are kept unchanged. */
export function ConditionFields({
  name,
  itemIds,
  factorIds,
  bandIds,
}: {
  name: Name;
  itemIds: string[];
  factorIds: string[];
  bandIds: string[];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kind: unknown = Form.useWatch([...name, 'kind'], form);
  const simple = (SIMPLE_KINDS as readonly unknown[]).includes(kind);
  const ids = (list: string[]) => list.map((id) => ({ value: id, label: id }));
  return (
    <Flex gap={8} wrap align="start">
      <Form.Item name={[...name, 'kind']} style={{ marginBottom: 8 }}>
        <Select
          style={{ width: 140 }}
          aria-label={t('editor.when')}
          disabled={!simple && kind !== undefined}
          options={[
            ...SIMPLE_KINDS.map((k) => ({ value: k, label: t(`editor.kind.${k}`) })),
            ...(simple || kind === undefined ? [] : [{ value: String(kind), label: t('editor.kind.other') }]),
          ]}
        />
      </Form.Item>
      {kind === 'factor' && (
        <Form.Item name={[...name, 'factor']} style={{ marginBottom: 8 }}>
          <Select
            style={{ width: 120 }}
            aria-label={t('editor.factor')}
            placeholder={t('editor.factor')}
            options={ids(factorIds)}
          />
        </Form.Item>
      )}
      {kind === 'item' && (
        <Form.Item name={[...name, 'item']} style={{ marginBottom: 8 }}>
          <Select
            style={{ width: 100 }}
            aria-label={t('editor.item')}
            placeholder={t('editor.item')}
            options={ids(itemIds)}
          />
        </Form.Item>
      )}
      {kind === 'band' ? (
        <Form.Item name={[...name, 'bands']} style={{ marginBottom: 8 }}>
          <Select
            mode="multiple"
            style={{ minWidth: 200 }}
            aria-label={t('editor.bandsOf')}
            placeholder={t('editor.bandsOf')}
            options={ids(bandIds)}
          />
        </Form.Item>
      ) : (
        simple && (
          <>
            <Form.Item name={[...name, 'op']} style={{ marginBottom: 8 }}>
              <Select
                style={{ width: 110 }}
                aria-label="op"
                options={COMPARISONS.map((op) => ({ value: op, label: t(`editor.op.${op}`) }))}
              />
            </Form.Item>
            <Form.Item name={[...name, 'value']} style={{ marginBottom: 8 }}>
              <InputNumber aria-label={t('editor.conditionValue')} placeholder={t('editor.conditionValue')} />
            </Form.Item>
          </>
        )
      )}
    </Flex>
  );
}

export const levelOptions = (t: (key: string) => string) =>
  WARNING_LEVELS.map((level) => ({ value: level, label: t(`assess.results.level.${level}`) }));

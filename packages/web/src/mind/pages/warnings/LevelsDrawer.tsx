import { warningLevel } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, ColorPicker, Drawer, Flex, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { saveWarningLevels, type WarningLevel } from './api.ts';
import { placeErrors } from './placeErrors.ts';

const HEADER_WIDTH = { code: 110, nameZh: 120, nameEn: 120, colour: 60, rank: 110 };

interface Values {
  levels: WarningLevel[];
}

const rule = (field: 'code' | 'colour' | 'rank') => schemaRule(warningLevel.shape[field]);
const nameRule = schemaRule(warningLevel.shape.name.shape.en);

/** Edits the deployment's warning levels: code, names in both languages, colour, and order (1 the most severe). */
export function LevelsDrawer({ levels, onClose }: { levels: WarningLevel[]; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) => saveWarningLevels(values.levels),
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('warn.last.saved'));
      void queryClient.invalidateQueries({ queryKey: ['warn'] });
      onClose();
    },
    onError: (error) => placeErrors(form, error),
  });
  return (
    <Drawer
      open
      size={720}
      title={t('warn.last.levels')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end">
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="levels-save">
            {t('warn.last.save')}
          </Button>
        </Flex>
      }
    >
      <Form<Values> form={form} initialValues={{ levels }} onFinish={(values) => save.mutate(values)}>
        <Form.List name="levels">
          {(fields, { add, remove }) => (
            <Flex vertical gap={4}>
              <Flex gap={8} style={{ color: 'rgba(0,0,0,0.55)' }}>
                {(['code', 'nameZh', 'nameEn', 'colour', 'rank'] as const).map((key) => (
                  <span key={key} style={{ width: HEADER_WIDTH[key] }}>
                    {t(`warn.last.${key}`)}
                  </span>
                ))}
              </Flex>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="start">
                  <Form.Item
                    style={{ width: HEADER_WIDTH.code }}
                    name={[field.name, 'code']}
                    rules={[{ required: true, message: t('warn.last.code') }, rule('code')]}
                  >
                    <Input placeholder={t('warn.last.code')} />
                  </Form.Item>
                  <Form.Item
                    style={{ width: HEADER_WIDTH.nameZh }}
                    name={[field.name, 'name', 'zh-CN']}
                    rules={[{ required: true, message: t('warn.last.nameZh') }, nameRule]}
                  >
                    <Input placeholder={t('warn.last.nameZh')} />
                  </Form.Item>
                  <Form.Item
                    style={{ width: HEADER_WIDTH.nameEn }}
                    name={[field.name, 'name', 'en']}
                    rules={[{ required: true, message: t('warn.last.nameEn') }, nameRule]}
                  >
                    <Input placeholder={t('warn.last.nameEn')} />
                  </Form.Item>
                  <Form.Item
                    style={{ width: HEADER_WIDTH.colour }}
                    name={[field.name, 'colour']}
                    rules={[rule('colour')]}
                    getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
                  >
                    <ColorPicker disabledAlpha />
                  </Form.Item>
                  <Form.Item
                    style={{ width: HEADER_WIDTH.rank }}
                    name={[field.name, 'rank']}
                    rules={[{ required: true, message: t('warn.last.rank') }, rule('rank')]}
                  >
                    <InputNumber min={1} max={10} placeholder={t('warn.last.rank')} style={{ width: '100%' }} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(field.name)}>
                    {t('warn.last.remove')}
                  </Button>
                </Flex>
              ))}
              <Button
                type="dashed"
                disabled={fields.length >= 10}
                onClick={() =>
                  add({ code: '', name: { 'zh-CN': '', en: '' }, colour: '#1677ff', rank: fields.length + 1 })
                }
              >
                {t('warn.last.addLevel')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}

import { SCALE_AUDIENCES, SCORING_METHODS, type ScaleDefinition, type ScaleDefinitionInput } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Skeleton,
  Switch,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/errors.ts';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { currentLang } from '../../../shared/i18n.ts';
import { textIn } from '../assessments/lookups.ts';
import { addScale, editScale, publishScale, type ScaleDetail, scaleInfo } from './api.ts';
import { ConditionFields, ListSection, LocalTextFields, levelOptions } from './EditorSections.tsx';
import { blankDefinition, cleanDefinition, type EditorProblem, pathOf, problemsOf } from './editor.ts';
import { place } from './placeProblems.ts';
import { ScalePreview } from './ScalePreview.tsx';
import '../assessments/strings.ts';
import './strings.ts';

const FACTOR_METHODS = ['sum', 'mean'] as const;

function EditorForm({ detail }: { detail: ScaleDetail | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ScaleDefinitionInput>();
  const [unplaced, setUnplaced] = useState<EditorProblem[] | null>(null);
  const [preview, setPreview] = useState<ScaleDefinition | null>(null);
  const items: { id?: string }[] = Form.useWatch('items', form) ?? [];
  const factors: { id?: string }[] = Form.useWatch('factors', form) ?? [];
  const bands: { id?: string }[] = Form.useWatch('bands', form) ?? [];
  const method: unknown = Form.useWatch(['scoring', 'method'], form);
  const ids = (list: { id?: string }[]) => list.map((x) => x?.id ?? '').filter(Boolean);
  const initial = detail?.draft ?? detail?.definition ?? blankDefinition();

  const check = (): ScaleDefinitionInput | null => {
    const values: unknown = form.getFieldsValue(true);
    const problems = problemsOf(values, currentLang());
    setUnplaced(place(form, problems));
    return problems.length === 0 ? (cleanDefinition(values) as ScaleDefinitionInput) : null;
  };
  const save = useMutation({
    mutationFn: async ({ definition, publish }: { definition: ScaleDefinitionInput; publish: boolean }) => {
      const saved = detail ? await editScale(detail.id, definition) : await addScale(definition);
      return publish ? publishScale(saved.id) : saved;
    },
    meta: { silentError: true },
    onSuccess: (saved, { publish }) => {
      message.success(publish ? t('editor.published') : t('editor.saved'));
      void queryClient.invalidateQueries({ queryKey: ['assess'] });
      if (!detail) navigate(`/data/customEditScale?id=${saved.id}`, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.items.length > 0)
        setUnplaced(
          place(
            form,
            error.items.map((i) => ({ path: pathOf(i.field), msg: i.msg })),
          ),
        );
    },
  });
  const submit = (publish: boolean) => {
    const definition = check();
    if (definition) save.mutate({ definition, publish });
  };
  return (
    <Form<ScaleDefinitionInput> form={form} layout="vertical" initialValues={initial} data-testid="scale-editor">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} wrap gap={8}>
        <Link to="/data/customScale">{t('editor.back')}</Link>
        <Flex gap={8}>
          <Button onClick={() => check() && message.success(t('editor.checked'))} data-testid="editor-check">
            {t('editor.check')}
          </Button>
          <Button
            onClick={() => {
              const definition = check();
              if (definition) setPreview(definition as ScaleDefinition);
            }}
          >
            {t('editor.preview')}
          </Button>
          <Button type="primary" ghost loading={save.isPending} onClick={() => submit(false)} data-testid="editor-save">
            {t('editor.save')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => submit(true)} data-testid="editor-publish">
            {t('editor.publish')}
          </Button>
        </Flex>
      </Flex>
      <FormAlert error={save.error} />
      {unplaced !== null && unplaced.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="editor-problems"
          title={t('editor.problems', { count: unplaced.length })}
          description={unplaced.map((p) => (
            <div key={`${p.path.join('.')}:${p.msg}`}>
              {p.path.join('.')}: {p.msg}
            </div>
          ))}
          style={{ marginBottom: 16 }}
        />
      )}
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
            <Form.Item
              name={['scoring', 'multiplier']}
              label={t('editor.multiplier')}
              extra={t('editor.multiplierHint')}
            >
              <InputNumber min={0} max={100} step={0.05} />
            </Form.Item>
          )}
        </Flex>
        <LocalTextFields name={['name']} label={t('editor.name')} />
        <LocalTextFields name={['description']} label={t('editor.description')} area />
        <LocalTextFields name={['instructions']} label={t('editor.instructions')} area />
      </Card>
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
              <Select mode="multiple" options={ids(items).map((id) => ({ value: id, label: id }))} />
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
                <ConditionFields
                  name={[i, 'when']}
                  itemIds={ids(items)}
                  factorIds={ids(factors)}
                  bandIds={ids(bands)}
                />
              </Form.Item>
            </Flex>
            <LocalTextFields name={[i, 'reason']} label={t('editor.reason')} />
          </>
        )}
      />
      <Drawer
        open={preview !== null}
        onClose={() => setPreview(null)}
        size={980}
        title={t('editor.preview')}
        destroyOnHidden
      >
        {preview && <ScalePreview definition={preview} />}
      </Drawer>
    </Form>
  );
}

/** `/data/customEditScale?id=`: a custom scale's draft (or a new scale), checked field by field, saved and published. */
export function ScaleEditorPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const detail = useQuery({
    queryKey: ['assess', 'scale', id],
    queryFn: ({ signal }) => scaleInfo(id ?? 0, signal),
    enabled: id !== null,
    meta: { silentError: true },
  });
  const title =
    id === null ? t('editor.newTitle') : `${t('editor.editTitle')} · ${detail.data ? textIn(detail.data.name) : ''}`;
  if (id !== null && detail.isError) return <Result status="warning" title={t('editor.loadFailed')} />;
  if (id !== null && !detail.data) return <Skeleton active />;
  if (detail.data && !detail.data.editable) return <Result status="info" title={t('editor.notEditable')} />;
  return (
    <Card title={title}>
      <EditorForm key={id ?? 'new'} detail={detail.data ?? null} />
    </Card>
  );
}

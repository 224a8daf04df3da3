import { ArrowLeftOutlined } from '@ant-design/icons';
import { isMeterType, METER_TYPES, TEMPLATE_PROTOCOLS, templateName } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/errors.ts';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { catalogue, showFieldErrors } from '../components/errors.ts';
import { createTemplate, customProtocolsKey, listCustomProtocols, replaceTemplate, templateOf } from './api.ts';
import { checkTemplate, type EditorSlave, type EditorValues, toEditor } from './editor.ts';
import { PointsEditor } from './PointsEditor.tsx';
import { SlavesEditor } from './SlavesEditor.tsx';

/** Add Template and a template's editor: name, protocol, slaves and data points, saved as a whole. */
export function TemplateEditorPage() {
  const { id } = useParams();
  const templateId = id ? Number(id) : null;
  const template = useQuery({
    queryKey: ['iot', 'templates', 'detail', templateId],
    queryFn: ({ signal }) => templateOf(templateId ?? 0, signal),
    enabled: templateId !== null,
    meta: { silentError: true },
  });
  if (templateId !== null && template.isError && !template.data) {
    return <LoadFailed error={template.error} onRetry={() => template.refetch()} retrying={template.isFetching} />;
  }
  if (templateId !== null && !template.data) return <PageLoading />;
  return <Editor key={templateId ?? 'new'} templateId={templateId} initial={toEditor(template.data)} />;
}

function Editor({ templateId, initial }: { templateId: number | null; initial: EditorValues }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditorValues>();
  const protocol = Form.useWatch('protocol', form) ?? initial.protocol;
  const [problems, setProblems] = useState<string[]>([]);
  const customProtocols = useQuery({
    queryKey: customProtocolsKey,
    queryFn: ({ signal }) => listCustomProtocols(signal),
    enabled: protocol === 'custom',
  });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof createTemplate>[0]) =>
      templateId === null ? createTemplate(body) : replaceTemplate(templateId, body),
    meta: { silentError: true },
    onSuccess: async (saved) => {
      message.success(t('templates.editor.saved'));
      await queryClient.invalidateQueries({ queryKey: ['iot'] });
      navigate(`/templates/${saved.id}`, { replace: true });
    },
    onError: (error) => {
      // The one conflict a save meets is a name this account already uses: say so beside the name.
      if (error instanceof ApiError && error.httpStatus === 409) {
        form.setFields([{ name: 'name', errors: [error.message] }]);
        return;
      }
      showFieldErrors(form, error);
      if (error instanceof ApiError && error.items.length > 0) setProblems(error.items.map((item) => item.msg));
    },
  });
  const submit = async () => {
    setProblems([]);
    try {
      await form.validateFields({ recursive: true });
    } catch {
      setProblems([t('templates.editor.fixMarked')]);
      return;
    }
    const result = checkTemplate(form, form.getFieldsValue(true) as EditorValues);
    if ('problems' in result) {
      setProblems(result.problems.map((p) => p.msg));
      return;
    }
    save.mutate(result.body);
  };

  return (
    <Form<EditorValues>
      form={form}
      layout="vertical"
      name="template"
      initialValues={initial}
      data-testid="template-editor"
    >
      <Flex vertical gap={16}>
        <Card>
          <Flex justify="space-between" align="center" wrap gap={12}>
            <Space size={12}>
              <Link to="/templates" aria-label={t('templates.editor.back')}>
                <ArrowLeftOutlined />
              </Link>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {templateId === null
                  ? t('templates.editor.addTitle')
                  : t('templates.editor.editTitle', { name: initial.name })}
              </Typography.Title>
            </Space>
            <Space>
              <Button onClick={() => navigate('/templates')}>{t('ui.cancel')}</Button>
              <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="template-save">
                {t('ui.save')}
              </Button>
            </Space>
          </Flex>
          {problems.length > 0 && (
            <Alert
              data-testid="template-problems"
              style={{ marginTop: 16 }}
              type="error"
              showIcon
              title={t('templates.editor.problems', { count: problems.length })}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {[...new Set(problems)].slice(0, 8).map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Row gutter={16} style={{ marginTop: 16 }}>
            <Col xs={24} md={10}>
              <Form.Item
                name="name"
                label={t('templates.field.name')}
                rules={[required(t('templates.editor.nameRequired')), schemaRule(templateName)]}
                extra={t('templates.editor.nameHint')}
              >
                <Input maxLength={70} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="protocol" label={t('templates.field.protocol')} rules={[{ required: true }]}>
                <Select
                  options={TEMPLATE_PROTOCOLS.map((p) => ({ value: p, label: t(`templates.protocol.${p}`) }))}
                  onChange={(next: string) => {
                    // A CJ/T 188 meter's address field is its type: one the standard names, cold water unless chosen.
                    if (next !== 'cjt188') return;
                    const slaves: EditorSlave[] = form.getFieldValue('slaves') ?? [];
                    form.setFieldValue(
                      'slaves',
                      slaves.map((s) => (isMeterType(s.address ?? -1) ? s : { ...s, address: METER_TYPES.coldWater })),
                    );
                  }}
                />
              </Form.Item>
            </Col>
            {protocol === 'custom' && (
              <Col xs={24} md={8}>
                <Form.Item
                  name="customProtocolId"
                  label={t('customProtocol.chooseProtocol')}
                  rules={[{ required: true, message: catalogue('template.customProtocol') }]}
                  extra={
                    customProtocols.data?.length === 0 ? (
                      <Link to="/templates/protocols/custom/new">{t('customProtocol.noProtocols')}</Link>
                    ) : undefined
                  }
                >
                  <Select
                    data-testid="template-custom-protocol"
                    loading={customProtocols.isLoading}
                    options={(customProtocols.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={8}>
              <Form.Item
                name="description"
                label={t('templates.field.description')}
                rules={[{ max: 200, message: t('templates.editor.descriptionMax') }]}
              >
                <Input />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('templates.slaves')}>
          <SlavesEditor />
        </Card>
        <Card
          title={t('templates.points')}
          extra={
            <Typography.Text type="secondary">
              {t(
                protocol === 'dlt645'
                  ? 'templates.editor.meterPointsHint'
                  : protocol === 'cjt188'
                    ? 'templates.editor.waterPointsHint'
                    : protocol === 'custom'
                      ? 'customProtocol.pointsHint'
                      : 'templates.editor.pointsHint',
              )}
            </Typography.Text>
          }
        >
          <PointsEditor />
        </Card>
      </Flex>
    </Form>
  );
}

import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  CUSTOM_CHECKSUMS,
  type CustomProtocolInput,
  customProtocolInput,
  customProtocolRulesBroken,
  localizeIssue,
  translate,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/errors.ts';
import { currentLang } from '../../shared/i18n.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { namePath, showFieldErrors } from '../components/errors.ts';
import {
  createCustomProtocol,
  customProtocolOf,
  customProtocolsKey,
  deleteCustomProtocol,
  replaceCustomProtocol,
} from './api.ts';
import { CustomPointsEditor } from './CustomPointsEditor.tsx';
import { CustomPreview } from './CustomPreview.tsx';

const NEW_PROTOCOL: CustomProtocolInput = {
  name: '',
  description: '',
  request: '{addr:1} 03 00 00 00 02 {crc16modbus}',
  answerHeader: '{addr:1} 03 04',
  answerLength: 9,
  checksum: 'crc16modbus',
  checksumFrom: 0,
  lengthAt: null,
  lengthAdjust: 0,
  points: [],
};

/** New custom protocol and a custom protocol's editor: its frames, its points, and a preview with a sample answer. */
export function CustomProtocolPage() {
  const { id } = useParams();
  const protocolId = id ? Number(id) : null;
  const protocol = useQuery({
    queryKey: [...customProtocolsKey, protocolId],
    queryFn: ({ signal }) => customProtocolOf(protocolId ?? 0, signal),
    enabled: protocolId !== null,
    meta: { silentError: true },
  });
  if (protocolId !== null && protocol.isError && !protocol.data)
    return <LoadFailed error={protocol.error} onRetry={() => protocol.refetch()} retrying={protocol.isFetching} />;
  if (protocolId !== null && !protocol.data) return <PageLoading />;
  let initial: CustomProtocolInput = NEW_PROTOCOL;
  if (protocol.data) {
    const { id: _id, ownerId: _owner, createdAt: _c, updatedAt: _u, ...definition } = protocol.data;
    initial = definition;
  }
  return <Editor key={protocolId ?? 'new'} protocolId={protocolId} initial={initial} />;
}

function Editor({ protocolId, initial }: { protocolId: number | null; initial: CustomProtocolInput }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CustomProtocolInput>();
  const [problems, setProblems] = useState<string[]>([]);
  const done = async (text: string) => {
    message.success(text);
    await queryClient.invalidateQueries({ queryKey: ['iot'] });
    navigate('/templates/protocols');
  };
  const save = useMutation({
    mutationFn: (body: CustomProtocolInput) =>
      protocolId === null ? createCustomProtocol(body) : replaceCustomProtocol(protocolId, body),
    meta: { silentError: true },
    onSuccess: () => done(t('customProtocol.saved')),
    onError: (error) => {
      showFieldErrors(form, error);
      setProblems(error instanceof ApiError && error.items.length ? error.items.map((i) => i.msg) : [error.message]);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteCustomProtocol(protocolId ?? 0),
    onSuccess: () => done(t('customProtocol.deleted')),
  });
  const submit = () => {
    const lang = currentLang();
    const parsed = customProtocolInput.safeParse(form.getFieldsValue(true));
    const broken = parsed.success
      ? customProtocolRulesBroken(parsed.data).map((r) => ({ field: r.field, msg: translate(r.key, lang, r.params) }))
      : parsed.error.issues.map((issue) => localizeIssue(issue, lang));
    const byField = new Map<string, string[]>();
    for (const item of broken) byField.set(item.field, [...(byField.get(item.field) ?? []), item.msg]);
    (form as FormInstance).setFields([...byField].map(([field, errors]) => ({ name: namePath(field), errors })));
    setProblems(broken.map((item) => item.msg));
    if (!broken.length && parsed.success) save.mutate(parsed.data);
  };

  return (
    <Form<CustomProtocolInput>
      form={form}
      layout="vertical"
      initialValues={initial}
      data-testid="custom-protocol-editor"
      onValuesChange={(changed: Partial<CustomProtocolInput>) => {
        // A field changed since the last check: its old mistake no longer stands.
        setProblems([]);
        (form as FormInstance).setFields(
          Object.keys(changed)
            .filter((name) => name !== 'points')
            .map((name) => ({ name, errors: [] })),
        );
      }}
    >
      <Flex vertical gap={16}>
        <Card>
          <Flex justify="space-between" align="center" wrap gap={12}>
            <Space size={12}>
              <Link to="/templates/protocols" aria-label={t('customProtocol.back')}>
                <ArrowLeftOutlined />
              </Link>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {protocolId === null
                  ? t('customProtocol.addTitle')
                  : t('customProtocol.editTitle', { name: initial.name })}
              </Typography.Title>
            </Space>
            <Space>
              {protocolId !== null && (
                <Popconfirm title={t('customProtocol.confirmDelete')} onConfirm={() => remove.mutate()}>
                  <Button danger loading={remove.isPending}>
                    {t('ui.delete')}
                  </Button>
                </Popconfirm>
              )}
              <Button onClick={() => navigate('/templates/protocols')}>{t('ui.cancel')}</Button>
              <Button type="primary" loading={save.isPending} onClick={submit} data-testid="custom-protocol-save">
                {t('ui.save')}
              </Button>
            </Space>
          </Flex>
          {problems.length > 0 && (
            <Alert
              data-testid="custom-protocol-problems"
              style={{ marginTop: 16 }}
              type="error"
              showIcon
              title={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {[...new Set(problems)].slice(0, 8).map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Row gutter={16} style={{ marginTop: 16 }}>
            <Col xs={24} md={8}>
              <Form.Item name="name" label={t('customProtocol.name')}>
                <Input maxLength={40} data-testid="custom-protocol-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="description" label={t('customProtocol.description')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('customProtocol.frames')}>
          <Form.Item name="request" label={t('customProtocol.request')} extra={t('customProtocol.requestHint')}>
            <Input style={{ fontFamily: 'monospace' }} data-testid="custom-protocol-request" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="answerHeader"
                label={t('customProtocol.answerHeader')}
                extra={t('customProtocol.answerHeaderHint')}
              >
                <Input style={{ fontFamily: 'monospace' }} data-testid="custom-protocol-header" />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name="answerLength" label={t('customProtocol.answerLength')}>
                <InputNumber
                  min={1}
                  max={255}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="custom-protocol-length"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="checksum" label={t('customProtocol.checksum')}>
                <Select
                  options={CUSTOM_CHECKSUMS.map((v) => ({ value: v, label: t(`customProtocol.checksumName.${v}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item
                name="checksumFrom"
                label={t('customProtocol.checksumFrom')}
                extra={t('customProtocol.checksumFromHint')}
              >
                <InputNumber
                  min={0}
                  max={254}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="custom-protocol-checksum-from"
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={12} md={8}>
              <Form.Item name="lengthAt" label={t('customProtocol.lengthAt')} extra={t('customProtocol.lengthAtHint')}>
                <InputNumber
                  min={0}
                  max={254}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="custom-protocol-length-at"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item
                name="lengthAdjust"
                label={t('customProtocol.lengthAdjust')}
                extra={t('customProtocol.lengthAdjustHint')}
              >
                <InputNumber
                  min={-255}
                  max={255}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="custom-protocol-length-adjust"
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('customProtocol.points')}>
          <CustomPointsEditor />
        </Card>
        <CustomPreview />
      </Flex>
    </Form>
  );
}

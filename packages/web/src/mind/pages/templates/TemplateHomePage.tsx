import {
  REPORT_SECTIONS,
  REPORT_TEMPLATES,
  type ReportTemplate,
  SCHOOL_HOME_SCREENS,
  SCREEN_TEMPLATES,
  type SchoolHomeScreen,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Flex, Form, Modal, Row, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PageLoading } from '../../../shared/PageLoading.tsx';
import { usePermission } from '../../access/Permission.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { time } from '../warnings/lookups.tsx';
import { placeErrors } from '../warnings/placeErrors.ts';
import { chooseTemplates, type TemplateRow, templateChoices } from './api.ts';
import './strings.ts';

const KEY = ['templates', 'choices'];
/** A school's home screen, opened for that school (the screens narrow to `?schoolId=`). */
const screenLink = (r: Pick<TemplateRow, 'screen' | 'schoolId'>) => `/${r.screen}?schoolId=${r.schoolId}`;

/**
 * `/data/templateHome` (decision 0132): the screen and report templates. A bureau chooses each of its
 * schools' home screen and report template; a school's staff see what was chosen and open their screen.
 */
export function TemplateHomePage() {
  const { t } = useTranslation();
  return (
    <ViewGuard may={usePermission('view')} testId="template-home" refusal={t('templates.noAccess')}>
      <TemplateHome />
    </ViewGuard>
  );
}

function TemplateHome() {
  const choices = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => templateChoices(signal),
    meta: { silentError: true },
  });
  if (choices.isPending) return <PageLoading />;
  if (choices.isError)
    return <LoadFailed error={choices.error} onRetry={() => choices.refetch()} retrying={choices.isFetching} />;
  const { canChoose, list } = choices.data;
  return (
    <Flex vertical gap={16} data-testid="template-home">
      {canChoose ? <SchoolsCard rows={list} /> : list.map((r) => <MineCard key={r.schoolId} row={r} />)}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <ScreensCard />
        </Col>
        <Col xs={24} xl={9}>
          <ReportsCard />
        </Col>
      </Row>
    </Flex>
  );
}

/** A school's own view: what its bureau chose, and the way to its screen and its report. */
function MineCard({ row }: { row: TemplateRow }) {
  const { t } = useTranslation();
  return (
    <Card title={`${t('templates.mine.title')} · ${row.schoolName}`} data-testid="template-mine">
      <Typography.Paragraph type="secondary">{t('templates.mine.intro')}</Typography.Paragraph>
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('templates.mine.screen')}>
          <span data-testid="template-mine-screen">{t(`route.${row.screen}`)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('templates.mine.report')}>
          <span data-testid="template-mine-report">{t(`templates.reports.names.${row.report}`)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">
        {row.chosen
          ? t('templates.mine.chosenBy', { who: row.chosenBy ?? '-', at: time(row.updatedAt) })
          : t('templates.mine.byDefault')}
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Link to={screenLink(row)} target="_blank" data-testid="template-open-screen">
          <Button type="primary">{t('templates.mine.open')}</Button>
        </Link>
        <Link to="/data/report">
          <Button>{t('templates.mine.toReport')}</Button>
        </Link>
      </Flex>
    </Card>
  );
}

interface Values {
  screen: SchoolHomeScreen;
  report: ReportTemplate;
}

function ChooseDialog({ row, onClose }: { row: TemplateRow; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) => chooseTemplates({ schoolId: row.schoolId, ...v }),
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('templates.schools.saved'));
      void queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (error) => placeErrors(form, error),
  });
  return (
    <Modal
      open
      title={t('templates.schools.dialog', { school: row.schoolName })}
      okText={t('templates.schools.ok')}
      cancelText={t('templates.schools.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'template-save' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ screen: row.screen, report: row.report }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="screen" label={t('templates.schools.screen')}>
          <Select
            data-testid="template-screen"
            options={SCHOOL_HOME_SCREENS.map((s) => ({ value: s, label: t(`route.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="report" label={t('templates.schools.report')}>
          <Select
            data-testid="template-report"
            options={REPORT_TEMPLATES.map((r) => ({ value: r, label: t(`templates.reports.names.${r}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The bureau's view: each school's choice, changed in a dialog. */
function SchoolsCard({ rows }: { rows: TemplateRow[] }) {
  const { t } = useTranslation();
  const canEdit = usePermission('edit');
  const [editing, setEditing] = useState<TemplateRow | null>(null);
  return (
    <Card title={t('templates.schools.title')} data-testid="template-schools">
      <Typography.Paragraph type="secondary">{t('templates.schools.intro')}</Typography.Paragraph>
      <Table<TemplateRow>
        rowKey="schoolId"
        size="small"
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('templates.schools.empty') }}
        columns={[
          { title: t('templates.schools.school'), dataIndex: 'schoolName', width: 180 },
          {
            title: t('templates.schools.screen'),
            dataIndex: 'screen',
            render: (s: string, r) => (
              <Flex gap={8} align="center">
                <span data-testid="template-row-screen">{t(`route.${s}`)}</span>
                <Link to={screenLink(r)} target="_blank">
                  {t('templates.schools.open')}
                </Link>
              </Flex>
            ),
          },
          {
            title: t('templates.schools.report'),
            dataIndex: 'report',
            width: 140,
            render: (r: string) => t(`templates.reports.names.${r}`),
          },
          {
            title: t('templates.schools.chosen'),
            key: 'chosen',
            width: 190,
            render: (_v, r) =>
              r.chosen ? `${r.chosenBy ?? '-'} · ${time(r.updatedAt)}` : <Tag>{t('templates.schools.byDefault')}</Tag>,
          },
          {
            title: '',
            key: 'edit',
            width: 110,
            render: (_v, r) =>
              canEdit && (
                <Button type="link" onClick={() => setEditing(r)} data-testid="template-edit">
                  {t('templates.schools.edit')}
                </Button>
              ),
          },
        ]}
      />
      {editing && <ChooseDialog row={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** The sixteen screens, whom each is for, and a preview in a window of its own. */
function ScreensCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('templates.screens.title')} data-testid="template-screens">
      <Typography.Paragraph type="secondary">{t('templates.screens.intro')}</Typography.Paragraph>
      <Table
        rowKey="screen"
        size="small"
        pagination={false}
        dataSource={[...SCREEN_TEMPLATES]}
        scroll={{ x: 560 }}
        columns={[
          { title: '', dataIndex: 'screen', width: 170, render: (s: string) => t(`route.${s}`) },
          {
            title: '',
            dataIndex: 'audience',
            width: 70,
            render: (a: string) => (
              <Tag color={a === 'school' ? 'blue' : a === 'district' ? 'purple' : 'default'}>
                {t(`templates.screens.audience.${a}`)}
              </Tag>
            ),
          },
          { title: '', key: 'about', render: (_v, r) => t(`templates.screens.about.${r.screen}`) },
          {
            title: '',
            key: 'preview',
            width: 70,
            render: (_v, r) =>
              r.audience === 'person' ? null : (
                <Link to={`/${r.screen}`} target="_blank">
                  {t('templates.screens.preview')}
                </Link>
              ),
          },
        ]}
        showHeader={false}
      />
    </Card>
  );
}

/** The report templates and the sections each shows. */
function ReportsCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('templates.reports.title')} data-testid="template-reports">
      <Typography.Paragraph type="secondary">{t('templates.reports.intro')}</Typography.Paragraph>
      <Flex vertical gap={12}>
        {REPORT_TEMPLATES.map((r) => (
          <div key={r}>
            <Typography.Text strong>{t(`templates.reports.names.${r}`)}</Typography.Text>
            <Flex gap={4} wrap style={{ marginTop: 4 }}>
              {REPORT_SECTIONS[r].map((s) => (
                <Tag key={s}>{t(`templates.reports.sections.${s}`)}</Tag>
              ))}
            </Flex>
          </div>
        ))}
      </Flex>
    </Card>
  );
}

import { INSIGHT_LIMITS as L } from '@meridian/contracts';
import { Alert, Card, Flex, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { useSchools } from '../../../shared/people/SchoolSelect.tsx';
import { useLevelName } from '../warnings/lookups.tsx';
import { type InsightRow, insightPage } from './api.ts';
import './strings.ts';

interface Filters {
  schoolId?: number;
  name?: string;
}

/** The rules in words, with their windows and thresholds: what the list is, never a black box. */
export function InsightRules() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="insight-rules"
      title={t('reports.insight.hint', { from: L.listedFrom })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          <li>{t('reports.insight.rules.openWarning')}</li>
          <li>{t('reports.insight.rules.warnedResults', { days: L.warnedResultsDays, min: L.warnedResultsMin })}</li>
          <li>{t('reports.insight.rules.interviews', { days: L.interviewDays })}</li>
          <li>{t('reports.insight.rules.lowMood', { days: L.lowMoodDays, min: L.lowMoodMin })}</li>
        </ul>
      }
    />
  );
}

/** A reason as a short tag: the rule, how many records meet it, and its points. */
export function ReasonTag({ reason }: { reason: InsightRow['reasons'][number] }) {
  const { t } = useTranslation();
  const levelName = useLevelName();
  return (
    <Tag color={reason.rule === 'openWarning' ? 'red' : 'gold'} data-testid={`insight-reason-${reason.rule}`}>
      {t(`reports.insight.reason.${reason.rule}`, { count: reason.count, level: levelName(reason.level) })} ·{' '}
      {t('reports.insight.pointsOf', { points: reason.points })}
    </Tag>
  );
}

/** `/data/studentInsight`: students whose records meet the rules, most points first, each with why. */
export function InsightPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const schools = useSchools();
  const rows = usePagedList<Filters, InsightRow>(['reports', 'insight'], insightPage);
  return (
    <Card data-testid="insight-page">
      <InsightRules />
      <FilterForm<Filters> form={form} onSearch={rows.search} style={{ marginTop: 16 }}>
        <Form.Item name="schoolId" label={t('reports.stats.school')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('reports.stats.allSchools')}
            options={(schools.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('reports.insight.name')}>
          <Input allowClear placeholder={t('reports.insight.namePlaceholder')} style={{ width: 160 }} />
        </Form.Item>
      </FilterForm>
      <PagedTable<InsightRow>
        list={rows}
        rowKey="studentId"
        data-testid="insight-table"
        scroll={{ x: true }}
        locale={{ emptyText: t('reports.insight.empty') }}
        columns={[
          { title: t('reports.insight.student'), dataIndex: 'name', width: 110 },
          {
            title: t('reports.insight.place'),
            key: 'place',
            width: 200,
            render: (_v, r) => `${r.schoolName} ${r.className}`,
          },
          { title: t('reports.insight.points'), dataIndex: 'points', width: 70 },
          {
            title: t('reports.insight.reasons'),
            key: 'reasons',
            render: (_v, r) => (
              <Flex gap={4} wrap>
                {r.reasons.map((reason) => (
                  <ReasonTag key={reason.rule} reason={reason} />
                ))}
              </Flex>
            ),
          },
          {
            title: t('system.actions'),
            key: 'actions',
            width: 170,
            render: (_v, r) => (
              <Flex gap={10}>
                <Link to={`/data/studentInsightDetailInfo?studentId=${r.studentId}`} data-testid="insight-open">
                  {t('reports.insight.detail')}
                </Link>
                <Link to={`/data/studentReport?studentId=${r.studentId}`}>{t('reports.insight.report')}</Link>
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}

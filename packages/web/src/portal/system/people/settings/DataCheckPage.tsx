import { DATA_CHECK_SAMPLE, UNBOUND_ACCOUNT_DAYS_DEFAULT } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Badge, Button, Card, Collapse, Empty, Flex, Form, InputNumber, Result, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { SchoolSelect } from '../../../../shared/people/SchoolSelect.tsx';
import { type DataCheckFinding, runDataCheck } from '../api.ts';

/** The first rows of a finding as a table whose columns are the rows' own fields. */
function FindingRows({ finding }: { finding: DataCheckFinding }) {
  const { t } = useTranslation();
  const fields = [...new Set(finding.rows.flatMap((row) => Object.keys(row)))];
  return (
    <Table
      size="small"
      rowKey={(_row, index) => String(index)}
      dataSource={finding.rows}
      pagination={false}
      scroll={{ x: true }}
      title={() => t('system.people.dataCheck.firstRows', { count: Math.min(finding.count, DATA_CHECK_SAMPLE) })}
      columns={fields.map((field) => ({
        title: t(`system.people.field.${field}`, { defaultValue: field }),
        dataIndex: field,
        render: (v: string | number | null) => v ?? '-',
      }))}
    />
  );
}

/** Runs the roster checks over a school or the whole scope and shows each finding with its count. */
export function DataCheckPage() {
  const { t } = useTranslation();
  const run = useMutation({ mutationFn: runDataCheck, onError: notifyError });
  const report = run.data;
  return (
    <Card data-testid="datacheck-page" title={t('system.route.dataCheck')}>
      <Typography.Paragraph type="secondary">{t('system.people.dataCheck.intro')}</Typography.Paragraph>
      <Form
        layout="inline"
        initialValues={{ unboundDays: UNBOUND_ACCOUNT_DAYS_DEFAULT }}
        onFinish={(v: { schoolId?: number; unboundDays?: number }) => run.mutate(v)}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="schoolId" label={t('system.people.col.school')}>
          <SchoolSelect style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="unboundDays" label={t('system.people.dataCheck.unboundDays')}>
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={run.isPending} data-testid="datacheck-run">
          {t('system.people.dataCheck.run')}
        </Button>
      </Form>
      {!report ? (
        <Empty description={t('system.people.dataCheck.notRun')} />
      ) : report.findings.every((f) => f.count === 0) ? (
        <Result
          status="success"
          title={t('system.people.dataCheck.clean')}
          subTitle={t('system.people.dataCheck.checkedAt', {
            at: dayjs(report.checkedAt).format('YYYY-MM-DD HH:mm:ss'),
          })}
        />
      ) : (
        <Flex vertical gap={8} data-testid="datacheck-findings">
          <Typography.Text type="secondary">
            {t('system.people.dataCheck.checkedAt', { at: dayjs(report.checkedAt).format('YYYY-MM-DD HH:mm:ss') })}
          </Typography.Text>
          <Collapse
            items={report.findings.map((finding) => ({
              key: finding.kind,
              label: finding.title,
              extra: (
                <Badge
                  count={finding.count}
                  showZero
                  color={finding.count > 0 ? 'orange' : 'green'}
                  overflowCount={99999}
                />
              ),
              collapsible: finding.count > 0 ? undefined : 'disabled',
              children: <FindingRows finding={finding} />,
            }))}
          />
        </Flex>
      )}
    </Card>
  );
}

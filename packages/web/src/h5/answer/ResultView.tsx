import { Alert, Button, Card, Descriptions, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Submitted } from '../tasks/api.ts';

/** After submitting: thanks, and the student's own report only when the task shows it. */
export function ResultView({ submitted, onBack }: { submitted: Submitted; onBack(): void }) {
  const { t } = useTranslation();
  const report = submitted.showReport ? submitted.report : null;
  return (
    <div data-testid="h5-result">
      <Result
        status="success"
        title={t('result.heading')}
        subTitle={t('result.thanks')}
        style={{ padding: '24px 0' }}
      />
      {report ? (
        <Card data-testid="h5-report">
          {!report.valid && (
            <Alert
              type="warning"
              showIcon
              title={t('result.invalid')}
              description={report.note}
              style={{ marginBottom: 12 }}
            />
          )}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('result.total')}>{report.total}</Descriptions.Item>
            {report.band && <Descriptions.Item label={t('result.band')}>{report.band}</Descriptions.Item>}
          </Descriptions>
          {report.interpretation && (
            <>
              <Typography.Title level={5}>{t('result.interpretation')}</Typography.Title>
              <Typography.Paragraph>{report.interpretation}</Typography.Paragraph>
            </>
          )}
          {report.suggestion && (
            <>
              <Typography.Title level={5}>{t('result.suggestion')}</Typography.Title>
              <Typography.Paragraph>{report.suggestion}</Typography.Paragraph>
            </>
          )}
          {report.factors.length > 0 && (
            <>
              <Typography.Title level={5}>{t('result.factors')}</Typography.Title>
              <Descriptions column={1} size="small">
                {report.factors.map((f) => (
                  <Descriptions.Item key={f.id} label={f.name}>
                    {f.score}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </>
          )}
        </Card>
      ) : (
        <Card>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('result.noReport')}</Typography.Paragraph>
        </Card>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('result.help')}
      </Typography.Paragraph>
      <Button type="primary" size="large" block onClick={onBack} data-testid="h5-back">
        {t('answer.back')}
      </Button>
    </div>
  );
}

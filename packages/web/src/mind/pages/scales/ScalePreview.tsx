import { type AnswerSheet, checkAnswers, type ScaleDefinition, scoreSheet } from '@meridian/contracts';
import { Alert, Button, Card, Col, Descriptions, Flex, Radio, Row, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '../assessments/lookups.ts';

/** Sheet → score with `scoreSheet`, the very function the server scores submissions with. */
function PreviewScore({ definition, answers }: { definition: ScaleDefinition; answers: AnswerSheet }) {
  const { t } = useTranslation();
  const score = useMemo(() => scoreSheet(definition, answers), [definition, answers]);
  const missing = useMemo(
    () => checkAnswers(definition, answers).filter((p) => p.kind === 'missing').length,
    [definition, answers],
  );
  const total = definition.items.length;
  return (
    <Card
      size="small"
      title={t('scales.previewScore')}
      data-testid="preview-score"
      style={{ position: 'sticky', top: 16 }}
    >
      <Typography.Paragraph type="secondary">
        {t('scales.answered', { answered: total - missing, total })}
      </Typography.Paragraph>
      {missing > 0 && (
        <Alert type="info" showIcon title={t('scales.unanswered', { count: missing })} style={{ marginBottom: 12 }} />
      )}
      {!score.valid && (
        <Alert
          type="warning"
          showIcon
          title={t('scales.invalid')}
          description={score.invalid.map((i) => textIn(i.reason)).join('；')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('scales.total')}>
          <span data-testid="preview-total">{score.total}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('scales.raw')}>{score.raw}</Descriptions.Item>
        <Descriptions.Item label={t('scales.band')}>
          <span data-testid="preview-band">{score.band ? textIn(score.band.label) : '-'}</span>
        </Descriptions.Item>
        {score.factors.length > 0 && (
          <Descriptions.Item label={t('scales.factors')}>
            {score.factors.map((f) => (
              <div key={f.id}>
                {textIn(f.name) || f.id}: {f.score}
                {f.band ? `（${textIn(f.band.label)}）` : ''}
              </div>
            ))}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('scales.warnings')}>
          {score.warnings.length === 0
            ? t('scales.none')
            : score.warnings.map((w) => (
                <Tag key={w.rule} color="red">
                  {textIn(w.reason)}
                </Tag>
              ))}
        </Descriptions.Item>
        {score.flags.length > 0 && (
          <Descriptions.Item label={t('scales.flags')}>
            {score.flags.map((f) => (
              <Tag key={f.id}>{textIn(f.label)}</Tag>
            ))}
          </Descriptions.Item>
        )}
      </Descriptions>
      {score.band?.interpretation && (
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
          {textIn(score.band.interpretation)}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** A scale answered on screen, as a respondent sees it, with the score computed as answers change. */
export function ScalePreview({ definition }: { definition: ScaleDefinition }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<AnswerSheet>({});
  return (
    <Row gutter={16}>
      <Col xs={24} md={14}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('scales.previewHint')}</Typography.Text>
          <Button size="small" onClick={() => setAnswers({})}>
            {t('scales.clear')}
          </Button>
        </Flex>
        {definition.items.map((item, n) => {
          const options = item.options && item.options.length > 0 ? item.options : definition.options;
          const labelId = `preview-item-${item.id}`;
          return (
            <div
              key={item.id}
              style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0' }}
              data-testid="preview-item"
            >
              <Typography.Text id={labelId} strong>
                {n + 1}. {textIn(item.text)}
              </Typography.Text>
              <div style={{ marginTop: 6 }}>
                <Radio.Group
                  aria-labelledby={labelId}
                  value={answers[item.id]}
                  onChange={(e) => setAnswers((a) => ({ ...a, [item.id]: String(e.target.value) }))}
                  options={options.map((o) => ({ value: o.value, label: textIn(o.label) }))}
                />
              </div>
            </div>
          );
        })}
      </Col>
      <Col xs={24} md={10}>
        <PreviewScore definition={definition} answers={answers} />
      </Col>
    </Row>
  );
}

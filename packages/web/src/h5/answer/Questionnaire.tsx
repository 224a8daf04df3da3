import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Progress, Radio, type RadioChangeEvent, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/errors.ts';
import { currentLang } from '../../shared/i18n.ts';
import { type Sheet, type SheetRef, type Submitted, saveAnswers, submitSheet } from '../tasks/api.ts';
import { Countdown } from './Countdown.tsx';
import { localized } from './text.ts';

interface QuestionnaireProps {
  sheet: Sheet;
  sheetRef: SheetRef;
  onSubmitted(result: Submitted): void;
  onBack(): void;
}

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The questions, one per screen, with the progress, the time left, saving as answers are given and the submission. */
export function Questionnaire({ sheet, sheetRef, onSubmitted, onBack }: QuestionnaireProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const lang = currentLang();
  const items = sheet.scale.items;
  const [answers, setAnswers] = useState<Record<string, string>>(sheet.answers);
  // Resume at the first question not yet answered.
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      items.findIndex((item) => !(item.id in sheet.answers)),
    ),
  );
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [saveError, setSaveError] = useState<unknown>(null);
  const [timeUp, setTimeUp] = useState(false);
  const [missing, setMissing] = useState<number[]>([]);
  // Answers the server has not confirmed yet; they go again with the next save (and with the submission).
  const unsaved = useRef<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const item = items[index];
  const answered = items.filter((i) => i.id in answers).length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new question takes the focus, so that a screen reader reads it
  useEffect(() => {
    heading.current?.focus();
  }, [index]);

  const save = useMutation({
    mutationFn: (batch: Record<string, string>) => saveAnswers(sheetRef, batch),
    meta: { silentError: true },
    onMutate: () => setSaveState('saving'),
    onSuccess: (_sheet, batch) => {
      for (const [id, value] of Object.entries(batch)) if (unsaved.current[id] === value) delete unsaved.current[id];
      setSaveState('saved');
      setSaveError(null);
    },
    onError: (error) => {
      setSaveState('failed');
      setSaveError(error);
    },
  });
  const submit = useMutation({
    mutationFn: () => submitSheet(sheetRef, answers),
    meta: { silentError: true },
    onSuccess: onSubmitted,
  });

  const choose = (itemId: string, value: string, byPointer: boolean) => {
    setAnswers((a) => ({ ...a, [itemId]: value }));
    setMissing((m) => m.filter((no) => items[no - 1]?.id !== itemId));
    unsaved.current = { ...unsaved.current, [itemId]: value };
    save.mutate({ ...unsaved.current });
    // A tap moves on; the arrow keys of a radio group change the choice and must stay on the question.
    if (byPointer && index < items.length - 1)
      setTimeout(() => setIndex((i) => Math.min(i + 1, items.length - 1)), 250);
  };

  const trySubmit = () => {
    const gaps = items.flatMap((i, n) => (i.id in answers ? [] : [n + 1]));
    setMissing(gaps);
    if (gaps.length > 0) {
      setIndex((gaps[0] ?? 1) - 1);
      return;
    }
    modal.confirm({
      title: t('answer.confirmTitle'),
      content: t('answer.confirmBody'),
      okText: t('answer.confirmOk'),
      cancelText: t('answer.confirmCancel'),
      onOk: () => submit.mutate(),
    });
  };

  if (!item) return null;
  const options = item.options && item.options.length > 0 ? item.options : sheet.scale.options;
  const headingId = `question-${item.id}`;
  const last = index === items.length - 1;
  return (
    <div data-testid="h5-questionnaire">
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong ellipsis style={{ fontSize: 16 }}>
          {localized(sheet.scale.name, lang)}
        </Typography.Text>
        {sheet.deadline !== null && <Countdown deadline={sheet.deadline} onTimeUp={() => setTimeUp(true)} />}
      </Flex>
      <Progress
        percent={Math.round((answered / items.length) * 100)}
        showInfo={false}
        aria-label={t('answer.progress', { answered, total: items.length })}
      />
      <Typography.Text type="secondary" data-testid="h5-progress" aria-live="polite">
        {t('answer.progress', { answered, total: items.length })}
        {' · '}
        {saveState === 'saving' ? t('answer.saving') : saveState === 'saved' ? t('answer.saved') : ''}
      </Typography.Text>
      {timeUp && <Alert type="error" showIcon title={t('answer.timeUp')} style={{ marginTop: 12 }} />}
      {saveState === 'failed' && (
        <Alert
          type="warning"
          showIcon
          title={t('answer.saveFailed')}
          description={errorText(saveError)}
          style={{ marginTop: 12 }}
        />
      )}
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="h5-missing"
          title={t('answer.missing', { count: missing.length, list: missing.join(lang === 'en' ? ', ' : '、') })}
          style={{ marginTop: 12 }}
        />
      )}
      {submit.error !== null && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="h5-refused"
          title={t('answer.refused')}
          description={errorText(submit.error)
            .split('\n')
            .map((line) => <div key={line}>{line}</div>)}
          style={{ marginTop: 12 }}
        />
      )}
      <Card style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">
          {t('answer.questionNo', { no: index + 1, total: items.length })}
        </Typography.Text>
        <Typography.Title
          level={4}
          id={headingId}
          ref={heading}
          tabIndex={-1}
          style={{ marginTop: 8, outline: 'none' }}
          data-testid="h5-question"
        >
          {localized(item.text, lang)}
        </Typography.Title>
        <Radio.Group
          aria-labelledby={headingId}
          value={answers[item.id]}
          onChange={(event: RadioChangeEvent) =>
            choose(item.id, String(event.target.value), (event.nativeEvent as MouseEvent).detail > 0)
          }
          style={{ width: '100%' }}
        >
          <Flex vertical gap={10}>
            {options.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                data-testid={`h5-option-${option.value}`}
                style={{
                  minHeight: 48,
                  padding: '10px 14px',
                  border: `1px solid ${answers[item.id] === option.value ? '#1677ff' : '#d9d9d9'}`,
                  borderRadius: 8,
                  background: answers[item.id] === option.value ? '#e6f4ff' : '#fff',
                  fontSize: 16,
                  alignItems: 'center',
                  marginInlineEnd: 0,
                }}
              >
                {localized(option.label, lang)}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Card>
      <Flex gap={12} style={{ marginTop: 16 }}>
        <Button size="large" style={{ flex: 1 }} disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
          {t('answer.prev')}
        </Button>
        {last || answered === items.length ? (
          <Button
            size="large"
            type="primary"
            style={{ flex: 1 }}
            loading={submit.isPending}
            disabled={timeUp}
            onClick={trySubmit}
            data-testid="h5-submit"
          >
            {t('answer.submit')}
          </Button>
        ) : null}
        {!last && (
          <Button size="large" style={{ flex: 1 }} onClick={() => setIndex((i) => i + 1)} data-testid="h5-next">
            {t('answer.next')}
          </Button>
        )}
      </Flex>
      <Button type="link" block onClick={onBack} style={{ marginTop: 12 }}>
        {t('answer.back')}
      </Button>
    </div>
  );
}

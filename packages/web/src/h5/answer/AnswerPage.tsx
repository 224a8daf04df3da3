import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorText } from '../../shared/errors.ts';
import { currentLang } from '../../shared/i18n.ts';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import { myTasks, readSheet, type Sheet, type SheetRef, type Submitted, startSheet } from '../tasks/api.ts';
import { Questionnaire } from './Questionnaire.tsx';
import { ResultView } from './ResultView.tsx';
import { localized } from './text.ts';

function useSheetRef(): SheetRef | null {
  const params = useParams();
  const [search] = useSearchParams();
  const taskId = Number(params.taskId);
  const scaleId = Number(params.scaleId);
  const about = search.get('studentId');
  const studentId = about === null ? undefined : Number(about);
  if (
    !Number.isInteger(taskId) ||
    !Number.isInteger(scaleId) ||
    (studentId !== undefined && !Number.isInteger(studentId))
  )
    return null;
  return { taskId, scaleId, studentId };
}

/** Before the clock starts: what the scale is, how long it takes, and the start button. */
function Intro(props: { sheet: Sheet; maxMinutes: number | null; onStart(): void; starting: boolean; error: unknown }) {
  const { sheet, maxMinutes: minutes, onStart, starting, error } = props;
  const { t } = useTranslation();
  const lang = currentLang();
  const done = sheet.state === 'done';
  return (
    <Card data-testid="h5-intro">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {localized(sheet.scale.name, lang)}
      </Typography.Title>
      {done ? (
        <Alert
          type="success"
          showIcon
          title={t('answer.doneAlready')}
          description={t('answer.doneHint')}
          style={{ marginBottom: 16 }}
        />
      ) : (
        sheet.scale.instructions && (
          <Typography.Paragraph style={{ fontSize: 16, whiteSpace: 'pre-line' }}>
            {localized(sheet.scale.instructions, lang)}
          </Typography.Paragraph>
        )
      )}
      <Typography.Paragraph type="secondary">
        {t('answer.questions', { count: sheet.scale.items.length })}
        <br />
        {minutes === null ? t('answer.noLimit') : t('answer.limit', { minutes })}
      </Typography.Paragraph>
      {error !== null && (
        <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} data-testid="h5-refused" />
      )}
      <Button type="primary" size="large" block loading={starting} onClick={onStart} data-testid="h5-start">
        {done ? t('answer.again') : t('answer.start')}
      </Button>
    </Card>
  );
}

/**
 * `/h5/answer/:taskId/:scaleId`: one scale of one task, one question per screen. Answers are saved
 * as they are given, so closing the page and coming back resumes where the student left off.
 */
export function AnswerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ref = useSheetRef();
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const sheet = useQuery({
    queryKey: ['h5', 'sheet', ref],
    queryFn: ({ signal }) => (ref ? readSheet(ref, signal) : Promise.reject(new Error('no sheet'))),
    enabled: ref !== null,
    meta: { silentError: true },
    retry: false,
    refetchOnWindowFocus: false,
  });
  useSessionCheck(sheet.error);
  // The task's time limit, told before the clock starts; the list this page was opened from has it.
  const mine = useQuery({
    queryKey: ['h5', 'mine'],
    queryFn: ({ signal }) => myTasks(signal),
    meta: { silentError: true },
  });
  const task = mine.data?.find(
    (m) => m.taskId === ref?.taskId && m.scaleId === ref.scaleId && (m.studentId ?? undefined) === ref.studentId,
  );
  const start = useMutation({
    mutationFn: (r: SheetRef) => startSheet(r),
    meta: { silentError: true },
    onSuccess: (started) => queryClient.setQueryData(['h5', 'sheet', ref], started),
  });
  const back = () => navigate('/tasks');
  if (submitted) {
    return (
      <ResultView
        submitted={submitted}
        onBack={() => {
          void queryClient.invalidateQueries({ queryKey: ['h5', 'mine'] });
          back();
        }}
      />
    );
  }
  if (ref === null || sheet.isError) {
    return (
      <Result
        status="warning"
        title={t('answer.loadFailed')}
        subTitle={sheet.error ? errorText(sheet.error) : undefined}
        extra={<Button onClick={back}>{t('answer.back')}</Button>}
      />
    );
  }
  if (sheet.isPending) {
    return (
      <Card aria-busy="true" aria-label={t('answer.loading')}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (sheet.data.state !== 'started') {
    return (
      <Intro
        sheet={sheet.data}
        maxMinutes={task?.maxMinutes ?? null}
        onStart={() => start.mutate(ref)}
        starting={start.isPending}
        error={start.error}
      />
    );
  }
  return <Questionnaire sheet={sheet.data} sheetRef={ref} onSubmitted={setSubmitted} onBack={back} />;
}

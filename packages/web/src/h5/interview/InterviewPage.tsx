import { AI_INTERVIEW_LIMITS } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Progress, Result, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/errors.ts';
import { ResultView } from '../answer/ResultView.tsx';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import type { SheetRef, Submitted } from '../tasks/api.ts';
import {
  confirmInInterview,
  type Interview,
  readInterview,
  sayInInterview,
  startInterview,
  submitInterview,
} from './api.ts';
import './interview.css';

function useInterviewRef(): SheetRef | null {
  const params = useParams();
  const taskId = Number(params.taskId);
  const scaleId = Number(params.scaleId);
  return Number.isInteger(taskId) && Number.isInteger(scaleId) ? { taskId, scaleId } : null;
}

/** The conversation so far: the interviewer on the left, the student on the right. */
function Transcript({ turns }: { turns: Interview['turns'] }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  // A new turn scrolls into view, as in any chat.
  useEffect(() => {
    if (turns.length > 0) end.current?.scrollIntoView({ block: 'end' });
  }, [turns.length]);
  return (
    <div className="h5-chat" data-testid="interview-turns">
      {turns.map((turn) => (
        <div
          key={turn.id}
          className={`h5-bubble h5-bubble-${turn.role}${turn.kind === 'failed' ? ' h5-bubble-failed' : ''}`}
          data-testid={`turn-${turn.role}`}
        >
          {turn.kind === 'confirmed' ? `✓ ${t('interview.chose', { label: turn.content })}` : turn.content}
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}

/** The current question's options: to confirm what the interviewer understood, or to tap one directly. */
function Choices(props: { view: Interview; busy: boolean; onChoose(value: string): void }) {
  const { view, busy, onChoose } = props;
  const { t } = useTranslation();
  if (!view.current) return null;
  return (
    <Card size="small" className="h5-choices" data-testid="interview-choices">
      {view.proposed ? (
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('interview.confirmThis', { label: view.proposed.label })}</Typography.Text>
          <Button
            type="primary"
            block
            size="large"
            loading={busy}
            onClick={() => view.proposed && onChoose(view.proposed.value)}
            data-testid="interview-confirm"
          >
            {t('interview.yes')}
          </Button>
          <Typography.Text type="secondary">{t('interview.orOther')}</Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('interview.orTap')}</Typography.Text>
      )}
      <Flex wrap gap={6} style={{ marginTop: 8 }}>
        {view.current.options
          .filter((o) => o.value !== view.proposed?.value)
          .map((o) => (
            <Button
              key={o.value}
              disabled={busy}
              onClick={() => onChoose(o.value)}
              data-testid={`interview-option-${o.value}`}
            >
              {o.label}
            </Button>
          ))}
      </Flex>
    </Card>
  );
}

/**
 * `/h5/interview/:taskId/:scaleId`: an assessment answered as a conversation (decision 0102). Each
 * message is crisis-checked on the server before anything else; the interviewer's reading of it
 * is confirmed by the student before it counts. Leaving and coming back resumes the conversation.
 */
export function InterviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ref = useInterviewRef();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const key = ['h5', 'interview', ref];
  const view = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => (ref ? readInterview(ref, signal) : Promise.reject(new Error('no interview'))),
    enabled: ref !== null,
    meta: { silentError: true },
    retry: false,
    refetchOnWindowFocus: false,
  });
  useSessionCheck(view.error);
  const keep = (next: Interview) => queryClient.setQueryData(key, next);
  const start = useMutation({ mutationFn: startInterview, onSuccess: keep, meta: { silentError: true } });
  const say = useMutation({
    mutationFn: (words: string) => (ref ? sayInInterview(ref, words) : Promise.reject(new Error('no interview'))),
    onSuccess: (next) => {
      keep(next);
      setText('');
    },
    // What the student wrote stays in the box; the server kept it in the conversation too.
    onError: () => void view.refetch(),
    meta: { silentError: true },
  });
  const choose = useMutation({
    mutationFn: (value: string) =>
      ref && view.data?.current
        ? confirmInInterview(ref, view.data.current.itemId, value)
        : Promise.reject(new Error('no question')),
    onSuccess: keep,
    meta: { silentError: true },
  });
  const submit = useMutation({ mutationFn: submitInterview, onSuccess: setSubmitted, meta: { silentError: true } });
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
  if (ref === null || view.isError) {
    return (
      <Result
        status="warning"
        title={t('interview.loadFailed')}
        subTitle={view.error ? errorText(view.error) : undefined}
        extra={<Button onClick={back}>{t('answer.back')}</Button>}
      />
    );
  }
  if (view.isPending) {
    return (
      <Card aria-busy="true" aria-label={t('interview.loading')}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const data = view.data;
  if (data.state !== 'started') {
    return (
      <Card data-testid="interview-intro">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {data.scaleName}
        </Typography.Title>
        {data.state === 'done' && (
          <Alert type="success" showIcon title={t('answer.doneAlready')} style={{ marginBottom: 16 }} />
        )}
        <Typography.Paragraph>{t('interview.intro', { count: data.itemCount })}</Typography.Paragraph>
        {start.error !== null && (
          <Alert type="error" showIcon title={errorText(start.error)} style={{ marginBottom: 16 }} />
        )}
        <Button
          type="primary"
          size="large"
          block
          loading={start.isPending}
          onClick={() => start.mutate(ref)}
          data-testid="interview-start"
        >
          {data.state === 'done' ? t('answer.again') : t('interview.start')}
        </Button>
      </Card>
    );
  }
  const failure = say.error ?? choose.error ?? submit.error;
  return (
    <Flex vertical gap={10} className="h5-interview" data-testid="interview">
      <Card size="small">
        <Typography.Text strong>{data.scaleName}</Typography.Text>
        <Progress percent={Math.round((data.answered / Math.max(1, data.itemCount)) * 100)} size="small" />
        <Typography.Text type="secondary" data-testid="interview-progress">
          {t('answer.progress', { answered: data.answered, total: data.itemCount })}
        </Typography.Text>
      </Card>
      {data.help && (
        <Alert
          type="error"
          showIcon
          data-testid="interview-help"
          title={t('interview.helpTitle')}
          description={t('interview.help', {
            counsellors: data.help.counsellors.join('、') || t('interview.psychologyTeacher'),
            hotline: data.help.hotline,
          })}
        />
      )}
      {data.unavailable && (
        <Alert
          type="warning"
          showIcon
          title={t(`interview.unavailable.${data.unavailable}`)}
          data-testid="interview-off"
        />
      )}
      <Transcript turns={data.turns} />
      {failure !== null && <Alert type="error" showIcon title={errorText(failure)} data-testid="interview-error" />}
      {data.current ? (
        <>
          <Choices view={data} busy={choose.isPending} onChoose={(value) => choose.mutate(value)} />
          <Flex gap={8} align="end">
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={AI_INTERVIEW_LIMITS.messageMax}
              placeholder={t('interview.placeholder')}
              aria-label={t('interview.placeholder')}
              data-testid="interview-text"
            />
            <Button
              type="primary"
              loading={say.isPending}
              disabled={text.trim() === ''}
              onClick={() => say.mutate(text.trim())}
              data-testid="interview-send"
            >
              {t('interview.send')}
            </Button>
          </Flex>
        </>
      ) : (
        <Button
          type="primary"
          size="large"
          block
          loading={submit.isPending}
          onClick={() => submit.mutate(ref)}
          data-testid="interview-submit"
        >
          {t('answer.submit')}
        </Button>
      )}
    </Flex>
  );
}

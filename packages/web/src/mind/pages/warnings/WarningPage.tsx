import type { InterventionKind } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/errors.ts';
import { notifyError } from '../../../shared/feedback.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { NotFound } from '../../../shared/NotFound.tsx';
import { PageLoading } from '../../../shared/PageLoading.tsx';
import { textIn } from '../assessments/lookups.ts';
import { AiSuggestions } from './AiSuggestions.tsx';
import { buttonsFor, isOpen, type WarningButton, type WarningRights } from './actions.ts';
import { type HistoryRow, publishWarning, retryWarning, type WarningDetail, warningInfo } from './api.ts';
import { LevelTag, StateTag, time, useLevelName, useLevels, useOrgNames } from './lookups.tsx';
import { RecordForm } from './RecordForm.tsx';
import { RecordTable } from './RecordTable.tsx';
import { useWarningRights } from './rights.ts';
import { type DialogStep, StepDialog } from './StepDialog.tsx';

const ACTION_COLOR: Record<string, string> = {
  open: 'red',
  solve: 'green',
  cancel: 'gray',
  escalate: 'purple',
  relevel: 'orange',
  note: 'blue',
};

/** A warning's history as a timeline: each step, who took it and when, and why. */
export function HistoryTimeline({ history }: { history: HistoryRow[] }) {
  const { t } = useTranslation();
  const levelName = useLevelName();
  // A record's step carries the record's kind as its reason: say it in words.
  const reasonText = (row: HistoryRow) =>
    row.action === 'intervene' && row.reason
      ? t(`warn.record.kind.${row.reason}`, { defaultValue: row.reason })
      : row.reason;
  return (
    <Timeline
      data-testid="warning-history"
      items={history.map((row, index) => ({
        key: index,
        color: ACTION_COLOR[row.action] ?? 'blue',
        content: (
          <div data-testid="history-item">
            <Typography.Text strong>{t(`warn.action.${row.action}`)}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {row.byName ?? t('warn.detail.system')} · {time(row.at)}
            </Typography.Text>
            {row.fromState !== null && row.fromState !== row.toState && (
              <div>
                {t('warn.detail.stateChange', {
                  from: t(`warn.state.${row.fromState}`),
                  to: t(`warn.state.${row.toState}`),
                })}
              </div>
            )}
            {row.fromLevel !== null && row.toLevel !== null && row.fromLevel !== row.toLevel && (
              <div>{t('warn.detail.levelChange', { from: levelName(row.fromLevel), to: levelName(row.toLevel) })}</div>
            )}
            {row.reason && <Typography.Paragraph style={{ margin: 0 }}>{reasonText(row)}</Typography.Paragraph>}
          </div>
        ),
      }))}
    />
  );
}

function Facts({ warning }: { warning: WarningDetail }) {
  const { t } = useTranslation();
  const levels = useLevels();
  const names = useOrgNames();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        {
          key: 'student',
          label: t('warn.detail.student'),
          children: (
            <span data-testid="warning-student">
              {warning.studentName}（{warning.studentNo}）
            </span>
          ),
        },
        {
          key: 'class',
          label: t('warn.list.class'),
          children: [names.school(warning.schoolId), names.klass(warning.classId)].filter(Boolean).join(' / '),
        },
        {
          key: 'level',
          label: t('warn.detail.level'),
          children: <LevelTag code={warning.level} levels={levels.data} />,
        },
        { key: 'state', label: t('warn.detail.state'), children: <StateTag state={warning.state} /> },
        {
          key: 'source',
          label: t('warn.detail.source'),
          children: (
            <Space>
              {t(`warn.source.${warning.source}`)}
              {warning.source === 'campus' && (
                <Link to={`/data/securityWarning?id=${warning.sourceId}`} data-testid="warning-source-alert">
                  {t('warn.detail.sourceAlert')}
                </Link>
              )}
            </Space>
          ),
        },
        { key: 'createdAt', label: t('warn.detail.createdAt'), children: time(warning.createdAt) },
        {
          key: 'psychology',
          label: t('warn.detail.psychology'),
          children: <span data-testid="warning-psychology">{warning.psychologyName ?? '-'}</span>,
        },
        {
          key: 'classTeacher',
          label: t('warn.detail.classTeacher'),
          children: warning.classTeacherName ?? '-',
        },
        { key: 'push', label: t('warn.detail.push'), children: t(`warn.push.${warning.pushState}`) },
        {
          key: 'reason',
          label: t('warn.detail.reason'),
          span: 'filled',
          children: textIn(warning.reason) || warning.rule,
        },
      ]}
    />
  );
}

/** The buttons of the steps the warning's state and the role allow. */
function StepButtons({
  warning,
  rights,
  onPick,
}: {
  warning: WarningDetail;
  rights: WarningRights;
  onPick(button: WarningButton): void;
}) {
  const { t } = useTranslation();
  const buttons = buttonsFor(warning.state, warning.pushState, rights);
  if (!isOpen(warning.state)) return <Alert type="info" showIcon message={t('warn.detail.closed')} />;
  return (
    <Space wrap>
      {buttons.map((button) => (
        <Button
          key={button}
          type={button === 'publish' || button === 'record' ? 'primary' : 'default'}
          danger={button === 'cancel'}
          onClick={() => onPick(button)}
          data-testid={`warning-${button}`}
        >
          {button === 'record' ? t('warn.detail.addRecord') : t(`warn.action.${button}`)}
        </Button>
      ))}
    </Space>
  );
}

/** `/data/intervene?id=`: one warning, its handlers, the steps it allows, its history and its records. */
export function WarningPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const rights = useWarningRights();
  const [dialog, setDialog] = useState<DialogStep | 'record' | null>(null);
  // The AI draft the teacher chose to save: the record form opens with it as a plan.
  const [draft, setDraft] = useState<string | null>(null);
  // Bumped when a draft is saved as a record: the suggestions card starts afresh.
  const [aiRound, setAiRound] = useState(0);
  const warning = useQuery({
    queryKey: ['warn', 'one', id],
    queryFn: ({ signal }) => warningInfo(id, signal),
    meta: { silentError: true },
    retry: (count, error) => !(error instanceof ApiError && error.httpStatus === 404) && count < 2,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['warn'] });
  const quick = useMutation({
    mutationFn: (step: 'publish' | 'retry') => (step === 'publish' ? publishWarning(id) : retryWarning(id)),
    onSuccess: (_v, step) => {
      message.success(t('warn.step.done', { action: t(`warn.action.${step}`) }));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  if (warning.isPending) return <PageLoading />;
  if (warning.isError) {
    if (warning.error instanceof ApiError && warning.error.httpStatus === 404) return <NotFound />;
    return <LoadFailed error={warning.error} onRetry={() => warning.refetch()} retrying={warning.isFetching} />;
  }
  const data = warning.data;
  const pick = (button: WarningButton) => {
    if (button === 'publish' || button === 'retry')
      modal.confirm({
        title: t(`warn.action.${button}`),
        content: t(button === 'publish' ? 'warn.step.publishConfirm' : 'warn.step.retryConfirm'),
        okText: t('warn.step.ok'),
        cancelText: t('warn.step.cancel'),
        onOk: () => quick.mutateAsync(button).catch(() => undefined),
      });
    else setDialog(button);
  };
  const recordKind: InterventionKind = data.interventions.some((r) => r.kind === 'interview')
    ? 'returnVisit'
    : 'interview';
  return (
    <Flex vertical gap={16} data-testid="warning-page">
      <Card
        title={
          <Space>
            <Link to="/data/intervene">{t('warn.detail.back')}</Link>
            <span>·</span>
            <span>{data.studentName}</span>
          </Space>
        }
        extra={<Link to={`/data/earlyWarningIntervention/${data.studentId}`}>{t('warn.detail.archive')}</Link>}
      >
        <Facts warning={data} />
        <div style={{ marginTop: 16 }}>
          <StepButtons warning={data} rights={rights} onPick={pick} />
        </div>
      </Card>
      <Flex gap={16} wrap align="start">
        <Card title={t('warn.detail.history')} style={{ flex: '1 1 320px' }}>
          <HistoryTimeline history={data.history} />
        </Card>
        <Card title={t('warn.detail.records')} style={{ flex: '3 1 560px', minWidth: 0 }}>
          <RecordTable rows={data.interventions} loading={warning.isFetching} pagination={false} />
        </Card>
      </Flex>
      {buttonsFor(data.state, data.pushState, rights).includes('record') && (
        <AiSuggestions
          key={aiRound}
          warningId={id}
          onSave={(text) => {
            setDraft(text);
            setDialog('record');
          }}
        />
      )}
      {dialog === 'record' && (
        <RecordForm
          warningId={id}
          initialKind={draft === null ? recordKind : 'plan'}
          initialContent={draft ?? ''}
          onClose={() => {
            setDialog(null);
            setDraft(null);
          }}
          onSaved={() => {
            setDialog(null);
            if (draft !== null) setAiRound((n) => n + 1);
            setDraft(null);
            void refresh();
          }}
        />
      )}
      {dialog !== null && dialog !== 'record' && (
        <StepDialog
          step={dialog}
          warning={data}
          rights={rights}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
    </Flex>
  );
}

import { TREE_HOLE_LIMITS } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Flex, Input, Result, Segmented, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/errors.ts';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import { hearListener, readTreeHole, shareTreeHole, type TreeHole } from './api.ts';
import '../interview/interview.css';

type Conversation = TreeHole['conversations'][number];

/** The conversation: the listener on the left, the student on the right; `writing` is the answer as it comes. */
function Messages({ conversation, writing }: { conversation: Conversation; writing: string | null }) {
  const { t } = useTranslation();
  const deleted = conversation.transcriptDeleted;
  return (
    <div className="h5-chat" data-testid="tree-hole-messages">
      {deleted && (
        <Typography.Paragraph type="secondary" data-testid="tree-hole-deleted">
          {t(deleted.cause === 'retention' ? 'treeHole.deletedRetention' : 'treeHole.deletedRequest', {
            date: dayjs(deleted.at).format('YYYY-MM-DD'),
          })}
        </Typography.Paragraph>
      )}
      {conversation.messages.map((m) => (
        <div
          key={m.id}
          className={`h5-bubble h5-bubble-${m.role === 'student' ? 'student' : 'interviewer'}`}
          data-testid={`tree-hole-${m.role}`}
        >
          {m.content}
        </div>
      ))}
      {writing !== null && (
        <div
          className="h5-bubble h5-bubble-interviewer h5-bubble-writing"
          aria-live="polite"
          aria-busy="true"
          data-testid="tree-hole-writing"
        >
          {writing || t('treeHole.writing')}
        </div>
      )}
    </div>
  );
}

/**
 * `/h5/tree-hole`: the AI mood tree hole (decision 0111). The student writes freely; each message
 * is crisis-checked on the server first; they choose, per conversation, whether the school may read it.
 */
export function TreeHolePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['h5', 'treeHole'];
  const [text, setText] = useState('');
  // The conversation shown; null writes a new one.
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const view = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => readTreeHole(signal),
    meta: { silentError: true },
    retry: false,
    refetchOnWindowFocus: false,
  });
  useSessionCheck(view.error);
  const conversations = view.data?.conversations ?? [];
  const currentId = chosen === undefined ? (conversations[0]?.id ?? null) : chosen;
  const current = conversations.find((c) => c.id === currentId) ?? null;
  // The answer as the listener writes it (decision 0146), and the reading to stop on leaving the page.
  const [writing, setWriting] = useState<{ conversationId: number; text: string } | null>(null);
  const reading = useRef<AbortController | null>(null);
  useEffect(() => () => reading.current?.abort(), []);
  const say = useMutation({
    // With text, a new message; without, the conversation's unanswered one asked again.
    mutationFn: (request: { conversationId?: number; text?: string }) => {
      reading.current = new AbortController();
      return hearListener(
        request,
        {
          onKept: (conversationId, next) => {
            queryClient.setQueryData(key, next);
            // Kept and crisis-checked: the box empties, and a new conversation is shown.
            if (request.text !== undefined) setText('');
            setChosen(conversationId);
            setWriting({ conversationId, text: '' });
          },
          onPiece: (piece) => setWriting((w) => w && { ...w, text: w.text + piece }),
        },
        reading.current.signal,
      );
    },
    onSuccess: (next) => queryClient.setQueryData(key, next),
    onSettled: () => setWriting(null),
    // Before it was kept, what the student wrote stays in the box; after, the conversation holds it.
    onError: () => void view.refetch(),
    meta: { silentError: true },
  });
  const share = useMutation({
    mutationFn: (shared: boolean) =>
      current ? shareTreeHole(current.id, shared) : Promise.reject(new Error('no conversation')),
    onSuccess: (next) => queryClient.setQueryData(key, next),
    meta: { silentError: true },
  });

  if (view.isError) {
    return <Result status="warning" title={t('treeHole.loadFailed')} subTitle={errorText(view.error)} />;
  }
  if (view.isPending) {
    return (
      <Card aria-busy="true" aria-label={t('treeHole.loading')}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const data = view.data;
  const failure = say.error ?? share.error;
  return (
    <Flex vertical gap={10} className="h5-interview" data-testid="tree-hole">
      <Card size="small">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('treeHole.heading')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('treeHole.intro')}</Typography.Text>
      </Card>
      {data.help && (
        <Alert
          type="error"
          showIcon
          data-testid="tree-hole-help"
          title={t('interview.helpTitle')}
          description={t('interview.help', {
            counsellors: data.help.counsellors.join('、') || t('interview.psychologyTeacher'),
            hotline: data.help.hotline,
          })}
        />
      )}
      {data.unavailable && <Alert type="info" showIcon title={t('treeHole.plain')} data-testid="tree-hole-plain" />}
      <Segmented
        block
        value={currentId ?? 0}
        onChange={(v) => setChosen(v === 0 ? null : Number(v))}
        options={[
          { value: 0, label: t('treeHole.newConversation') },
          ...conversations.slice(0, 3).map((c) => ({
            value: c.id,
            // Short enough for three on a 375 px phone: the time today, the date before.
            label: dayjs(c.createdAt).format(dayjs(c.createdAt).isSame(dayjs(), 'day') ? 'HH:mm' : 'MM-DD'),
          })),
        ]}
        data-testid="tree-hole-conversations"
      />
      {current ? (
        <Card size="small" data-testid="tree-hole-current">
          <Flex vertical gap={6}>
            <Typography.Text strong>
              {t('treeHole.conversation', { date: dayjs(current.createdAt).format('YYYY-MM-DD HH:mm') })}
            </Typography.Text>
            <Checkbox
              checked={current.shared}
              disabled={share.isPending}
              onChange={(e) => share.mutate(e.target.checked)}
              data-testid="tree-hole-share"
            >
              {t('treeHole.share')}
            </Checkbox>
            <Typography.Text type="secondary" data-testid="tree-hole-shared-state">
              {current.shared ? t('treeHole.shared') : t('treeHole.notShared')}
            </Typography.Text>
            {current.crisis && <Typography.Text type="danger">{t('treeHole.crisis')}</Typography.Text>}
          </Flex>
          <Messages conversation={current} writing={writing?.conversationId === current.id ? writing.text : null} />
          {!say.isPending && !current.transcriptDeleted && current.messages.at(-1)?.role === 'student' && (
            <Flex gap={8} align="center" justify="space-between" data-testid="tree-hole-unanswered">
              <Typography.Text type="secondary">{t('treeHole.unanswered')}</Typography.Text>
              <Button onClick={() => say.mutate({ conversationId: current.id })} data-testid="tree-hole-again">
                {t('treeHole.again')}
              </Button>
            </Flex>
          )}
        </Card>
      ) : (
        <Empty description={t('treeHole.empty')} />
      )}
      {failure !== null && <Alert type="error" showIcon title={errorText(failure)} data-testid="tree-hole-error" />}
      <Flex gap={8} align="end">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={TREE_HOLE_LIMITS.messageMax}
          placeholder={t('treeHole.placeholder')}
          aria-label={t('treeHole.placeholder')}
          data-testid="tree-hole-text"
        />
        <Button
          type="primary"
          loading={say.isPending}
          disabled={text.trim() === ''}
          onClick={() => say.mutate({ conversationId: current?.id, text: text.trim() })}
          data-testid="tree-hole-send"
        >
          {t('treeHole.send')}
        </Button>
      </Flex>
    </Flex>
  );
}

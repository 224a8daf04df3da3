import { translate } from '@meridian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n.ts';
import { aiAvailabilityOf, draftAiSuggestions } from '../ai/api.ts';
import '../ai/strings.ts';

/**
 * "Draft suggestions" on a warning: the model drafts intervention suggestions from the student's
 * results and records; the teacher edits the draft and saves it as a plan record. Without AI (off,
 * not set up, no legal basis, over budget) one plain sentence says so and the page works as before.
 */
export function AiSuggestions({ warningId, onSave }: { warningId: number; onSave(draft: string): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const availability = useQuery({
    queryKey: ['warn', 'ai', warningId],
    queryFn: ({ signal }) => aiAvailabilityOf(warningId, signal),
    meta: { silentError: true },
  });
  const generate = useMutation({
    mutationFn: () => draftAiSuggestions(warningId),
    meta: { silentError: true },
    onSuccess: (answer) => setDraft(answer.draft),
  });
  const reason = availability.data?.reason;
  return (
    <Card
      title={t('ai.draft.title')}
      data-testid="warning-ai"
      extra={
        <Button
          onClick={() => generate.mutate()}
          loading={generate.isPending}
          disabled={!availability.data?.available}
          data-testid="warning-ai-draft"
        >
          {t('ai.draft.button')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        {reason ? (
          <Alert
            type="info"
            showIcon
            message={translate(`ai.${reason}`, currentLang())}
            data-testid="warning-ai-unavailable"
          />
        ) : (
          <Typography.Text type="secondary">{t('ai.draft.privacy')}</Typography.Text>
        )}
        {generate.isError && (
          <Alert type="warning" showIcon message={generate.error.message} data-testid="warning-ai-error" />
        )}
        {draft !== null && (
          <Flex vertical gap={8} data-testid="warning-ai-result">
            <Flex gap={8} align="center" wrap>
              <Tag color="orange" data-testid="warning-ai-draft-tag">
                {t('ai.draft.tag')}
              </Tag>
              <Typography.Text type="secondary">{t('ai.draft.note')}</Typography.Text>
            </Flex>
            <Input.TextArea
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              autoSize={{ minRows: 4, maxRows: 14 }}
              data-testid="warning-ai-text"
            />
            {generate.data && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('ai.draft.tokens', { tokens: generate.data.tokens, left: generate.data.tokensLeftToday })}
              </Typography.Text>
            )}
            <Flex gap={8} wrap>
              <Button
                type="primary"
                disabled={!draft.trim()}
                onClick={() => onSave(draft.trim())}
                data-testid="warning-ai-save"
              >
                {t('ai.draft.save')}
              </Button>
              <Button onClick={() => setDraft(null)}>{t('ai.draft.discard')}</Button>
            </Flex>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

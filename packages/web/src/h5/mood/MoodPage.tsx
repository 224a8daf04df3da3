import { moodEntrySave, type moodMonth, type moodSaved } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Input, Result, Segmented, Select, Skeleton, Slider, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Output } from '../../shared/contracts.ts';
import { errorText } from '../../shared/errors.ts';
import { NoteReadersNotice } from '../../shared/mood/NoteReaders.tsx';
import { get, post } from '../../shared/request.ts';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import { MOOD_FACES, MoodMonth } from './MoodMonth.tsx';

type Saved = Output<typeof moodSaved>;
type Draft = { mood: number; intensity: number; tags: string[]; note: string };

const MOODS = [1, 2, 3, 4, 5] as const;
const TAGS = ['study', 'friends', 'family', 'sleep', 'sport', 'exam'] as const;

// This month at the school: the server knows the deployment's time zone, the phone may not.
const myMonth = (signal?: AbortSignal) =>
  get<Output<typeof moodMonth>>('apis-psychology/h5/moodJournal/mine', { signal });
const saveToday = (body: Draft) => post<Saved>('apis-psychology/h5/moodJournal/today', body);

/** Help shown at once when the note read as a crisis: the school's counsellors and a hotline. */
function Help({ help }: { help: NonNullable<Saved['help']> }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="h5-mood-help"
      title={t('mood.helpTitle')}
      description={
        <>
          <p style={{ margin: 0 }}>{t('mood.helpText')}</p>
          {help.counsellors.length > 0 && (
            <p style={{ margin: 0 }}>{t('mood.counsellors', { names: help.counsellors.join('、') })}</p>
          )}
          <p style={{ margin: 0 }}>{t('mood.hotline', { hotline: help.hotline })}</p>
        </>
      }
      style={{ marginBottom: 12 }}
    />
  );
}

/** The student's mood journal: today's mood with intensity, tags and a note; the month's calendar and trend. */
export function MoodPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const entries = useQuery({
    queryKey: ['h5', 'mood', 'mine'],
    queryFn: ({ signal }) => myMonth(signal),
    meta: { silentError: true },
  });
  useSessionCheck(entries.error);
  const todays = entries.data?.entries.find((e) => e.day === entries.data?.today);
  const [draft, setDraft] = useState<Draft>({ mood: 3, intensity: 5, tags: [], note: '' });
  const [help, setHelp] = useState<Saved['help']>(null);
  useEffect(() => {
    if (todays) setDraft({ mood: todays.mood, intensity: todays.intensity, tags: todays.tags, note: todays.note });
  }, [todays]);
  const save = useMutation({
    mutationFn: () => saveToday(moodEntrySave.parse(draft)),
    onSuccess: (saved) => {
      setHelp(saved.help);
      message.success(t('mood.saved'));
      void queryClient.invalidateQueries({ queryKey: ['h5', 'mood'] });
    },
    meta: { silentError: true },
  });
  return (
    <div data-testid="h5-mood">
      <Link to="/tasks">{t('activities.back')}</Link>
      <Typography.Title level={3} style={{ marginTop: 8, marginBottom: 4 }}>
        {t('mood.heading')}
      </Typography.Title>
      {entries.data && <NoteReadersNotice readers={entries.data.noteReaders} />}
      {help && <Help help={help} />}
      <Card size="small" title={todays ? t('mood.editToday') : t('mood.today')} style={{ marginBottom: 12 }}>
        <Flex vertical gap={10}>
          <Segmented
            block
            size="large"
            aria-label={t('mood.mood')}
            value={draft.mood}
            onChange={(mood) => setDraft({ ...draft, mood })}
            options={MOODS.map((v) => ({ value: v, label: <span title={t(`mood.moods.${v}`)}>{MOOD_FACES[v]}</span> }))}
          />
          <Typography.Text>{t(`mood.moods.${draft.mood}`)}</Typography.Text>
          <div>
            {t('mood.intensity', { value: draft.intensity })}
            <Slider
              min={1}
              max={10}
              ariaLabelForHandle={t('mood.intensity', { value: draft.intensity })}
              value={draft.intensity}
              onChange={(intensity) => setDraft({ ...draft, intensity })}
            />
          </div>
          <Select
            mode="tags"
            aria-label={t('mood.tags')}
            placeholder={t('mood.tags')}
            maxCount={5}
            value={draft.tags}
            onChange={(tags) => setDraft({ ...draft, tags })}
            options={TAGS.map((tag) => ({ value: t(`mood.tagNames.${tag}`) }))}
          />
          <Input.TextArea
            aria-label={t('mood.note')}
            placeholder={t('mood.notePlaceholder')}
            maxLength={500}
            showCount
            autoSize={{ minRows: 3 }}
            style={{ marginBottom: 16 }}
            value={draft.note}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          />
          {save.isError && <Alert type="warning" showIcon title={errorText(save.error)} />}
          <Button type="primary" block size="large" loading={save.isPending} onClick={() => save.mutate()}>
            {t('mood.save')}
          </Button>
        </Flex>
      </Card>
      {entries.isPending ? (
        <Card aria-busy="true" aria-label={t('mood.loading')}>
          <Skeleton active />
        </Card>
      ) : entries.isError ? (
        <Result
          status="warning"
          title={t('mood.loadFailed')}
          subTitle={errorText(entries.error)}
          extra={<Button onClick={() => entries.refetch()}>{t('activities.retry')}</Button>}
        />
      ) : (
        <MoodMonth month={entries.data.month} entries={entries.data.entries} />
      )}
    </div>
  );
}

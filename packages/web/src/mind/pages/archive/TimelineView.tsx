import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Segmented, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n.ts';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { useBandLabels, useScaleChoices } from '../assessments/lookups.ts';
import { archiveTimeline, type TimelineEvent } from './api.ts';
import { dateText, isNotFound, LevelTag, StudentNotFound, sameStudent, timeText } from './common.tsx';
import { DATED_KINDS, eventDetail, eventTitle, KIND_COLOUR, kindsOf, newestFirst } from './timeline.ts';
import './strings.ts';

type Kind = TimelineEvent['kind'] | 'all';

/** `warningTimerShaft`: every record of a student's file on one line, newest first, filtered by kind. */
export function TimelineView({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('all');
  const events = useQuery({
    queryKey: ['archive', 'timeline', studentId, currentLang()],
    placeholderData: sameStudent(studentId),
    queryFn: ({ signal }) => archiveTimeline(studentId, signal),
    meta: { silentError: true },
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
  // A result's detail is its band's id: named by the scale's definition, found by the scale's name.
  const scales = useScaleChoices();
  const scaleOf = (name: string) => scales.data?.find((s) => Object.values(s.name).includes(name))?.id;
  const resultScales = (events.data ?? []).flatMap((e) => {
    const id = e.kind === 'result' ? scaleOf(e.title) : undefined;
    return id === undefined ? [] : [id];
  });
  const bandLabel = useBandLabels(resultScales);
  if (events.isPending) return <Skeleton active />;
  if (events.isError)
    return isNotFound(events.error) ? (
      <StudentNotFound />
    ) : (
      <LoadFailed error={events.error} onRetry={() => events.refetch()} retrying={events.isFetching} />
    );
  if (events.data.length === 0) return <Empty description={t('archive.timeline.empty')} />;
  const shown = newestFirst(events.data, kind);
  return (
    <div data-testid="archive-timeline">
      <Segmented<Kind>
        style={{ marginBottom: 20 }}
        value={kind}
        onChange={setKind}
        options={[
          { value: 'all', label: t('archive.timeline.all') },
          ...kindsOf(events.data).map((k) => ({ value: k, label: t(`archive.timeline.kinds.${k}`) })),
        ]}
      />
      <Timeline
        items={shown.map((event) => {
          const title = eventTitle(event);
          const scaleId = event.kind === 'result' ? scaleOf(event.title) : undefined;
          const said = eventDetail(event);
          const detail =
            scaleId !== undefined
              ? bandLabel(scaleId, event.detail)
              : said && ('key' in said ? t(said.key) : said.text);
          return {
            key: `${event.kind}-${event.id}-${event.at}`,
            color: KIND_COLOUR[event.kind],
            title: (
              <Typography.Text type="secondary">
                {DATED_KINDS.has(event.kind) ? dateText(event.at) : timeText(event.at)}
              </Typography.Text>
            ),
            content: (
              <Flex vertical gap={4} data-testid="timeline-event" data-kind={event.kind}>
                <Flex gap={8} align="center" wrap>
                  <Tag color={KIND_COLOUR[event.kind]}>{t(`archive.timeline.kinds.${event.kind}`)}</Tag>
                  <Typography.Text strong>{'key' in title ? t(title.key) : title.text}</Typography.Text>
                  <LevelTag level={event.level} />
                  {event.byName && <Typography.Text type="secondary">{event.byName}</Typography.Text>}
                </Flex>
                {detail && (
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0 }}>
                    {detail}
                  </Typography.Paragraph>
                )}
              </Flex>
            ),
          };
        })}
      />
    </div>
  );
}

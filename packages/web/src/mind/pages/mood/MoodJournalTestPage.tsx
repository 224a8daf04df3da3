import { MOOD_LOW_LIMITS, MOOD_NOTE_READERS, type MoodSettingsSave, moodSettingsSave } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Form, InputNumber, Radio, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { NoteReadersNotice } from '../../../shared/mood/NoteReaders.tsx';
import { PageLoading } from '../../../shared/PageLoading.tsx';
import { usePermission } from '../../access/Permission.tsx';
import { placeErrors } from '../warnings/placeErrors.ts';
import { type SchoolMoodSettings, saveSchoolSettings, schoolSettings } from './api.ts';
import './strings.ts';

const THRESHOLDS = Array.from({ length: MOOD_LOW_LIMITS.thresholdMax }, (_, i) => i + 1);

/** One school's settings as a form, and beside it what its students read with these values. */
function SchoolForm({ school }: { school: SchoolMoodSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = usePermission('edit');
  const [form] = Form.useForm<MoodSettingsSave>();
  const shown = Form.useWatch([], form) ?? school;
  const save = useMutation({
    mutationFn: (body: MoodSettingsSave) => saveSchoolSettings(school.schoolId, body),
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('moodj.saved'));
      void queryClient.invalidateQueries({ queryKey: ['moodj', 'settings'] });
    },
    onError: (error) => placeErrors(form, error),
  });
  const threshold = t(`moodj.moods.${shown.lowThreshold ?? school.lowThreshold}`);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Form<MoodSettingsSave>
          form={form}
          layout="vertical"
          initialValues={school}
          disabled={!canEdit}
          onFinish={(values) => save.mutate(moodSettingsSave.parse(values))}
          data-testid="mood-settings-form"
        >
          <Form.Item name="lowDays" label={t('moodj.lowDays')} rules={[schemaRule(moodSettingsSave.shape.lowDays)]}>
            <InputNumber min={MOOD_LOW_LIMITS.daysMin} max={MOOD_LOW_LIMITS.daysMax} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="lowThreshold" label={t('moodj.lowThreshold')} extra={t('moodj.lowThresholdHint')}>
            <Select
              style={{ width: 200 }}
              options={THRESHOLDS.map((v) => ({ value: v, label: `${v} · ${t(`moodj.moods.${v}`)}` }))}
            />
          </Form.Item>
          <Form.Item name="noteReaders" label={t('moodj.noteReaders')}>
            <Radio.Group
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              options={MOOD_NOTE_READERS.map((r) => ({ value: r, label: t(`moodj.readers.${r}`) }))}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">
            {school.updatedAt === null
              ? t('moodj.neverSaved')
              : t('moodj.updatedAt', { at: dayjs(school.updatedAt).format('YYYY-MM-DD HH:mm') })}
          </Typography.Paragraph>
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('moodj.save')}
            </Button>
          ) : (
            <Alert type="info" showIcon title={t('moodj.readOnly')} />
          )}
        </Form>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('moodj.preview')} data-testid="mood-settings-preview">
          <Typography.Paragraph type="secondary">{t('moodj.previewHint')}</Typography.Paragraph>
          <div style={{ maxWidth: 360, padding: 12, border: '1px solid #f0f0f0', borderRadius: 12 }}>
            <NoteReadersNotice readers={shown.noteReaders ?? school.noteReaders} />
          </div>
          <Typography.Paragraph style={{ marginTop: 12 }}>
            {t('moodj.previewRule', { days: shown.lowDays ?? school.lowDays, threshold })}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}

/**
 * `/data/moodJournalTest`: the school's journal settings (low mood for N days, the threshold, who
 * may read notes) with a preview of what a student sees (decision 0089).
 */
export function MoodJournalTestPage() {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: ['moodj', 'settings'],
    queryFn: ({ signal }) => schoolSettings(signal),
    meta: { silentError: true },
  });
  const [picked, setPicked] = useState<number | undefined>();
  if (settings.isPending) return <PageLoading />;
  if (settings.isError)
    return <LoadFailed error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;
  const school = settings.data.find((s) => s.schoolId === picked) ?? settings.data[0];
  return (
    <Card
      title={t('moodj.settings')}
      data-testid="mood-settings-page"
      extra={
        settings.data.length > 1 && (
          <Select
            aria-label={t('moodj.school')}
            value={school?.schoolId}
            onChange={setPicked}
            style={{ minWidth: 220 }}
            options={settings.data.map((s) => ({ value: s.schoolId, label: s.schoolName }))}
          />
        )
      }
    >
      {school ? <SchoolForm key={school.schoolId} school={school} /> : <Empty description={t('moodj.noSchools')} />}
    </Card>
  );
}

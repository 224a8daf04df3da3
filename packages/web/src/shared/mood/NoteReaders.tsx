import type { Lang, MoodNoteReaders } from '@meridian/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n.ts';

/**
 * What a student reads about who may read their notes: on H5 under their journal, and on Mind's
 * journal settings as the preview of the setting (decision 0089). One text for both, so that the
 * preview is what the student sees.
 */
const zhCN = {
  noteReaders: {
    title: '谁能看到你的日记内容',
    nobody: '只有你自己。老师能看到你每天的心情、强度和标签，看不到你写的日记内容。',
    psychology: '你自己和本校的心理老师。每次阅读都会被记录。班主任能看到心情、强度和标签，看不到日记内容。',
    psychologyAndHead: '你自己、本校的心理老师和你的班主任。每次阅读都会被记录。',
    crisis: '如果日记显示你可能有危险，本校心理老师会立即收到“需要帮助”的提醒（不含你写的原话）。',
  },
};
const en: typeof zhCN = {
  noteReaders: {
    title: 'Who can read your notes',
    nobody: 'Only you. Teachers see each day’s mood, intensity and tags, not what you write.',
    psychology:
      'You and your school’s psychology teachers; every reading is recorded. Your head teacher sees the mood, intensity and tags, not what you write.',
    psychologyAndHead: 'You, your school’s psychology teachers and your head teacher; every reading is recorded.',
    crisis:
      'If a note says you may be in danger, your school’s psychology teacher is told at once that you need help, without your words.',
  },
};
const strings: Record<Lang, typeof zhCN> = { 'zh-CN': zhCN, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);

export function NoteReadersNotice({ readers }: { readers: MoodNoteReaders }) {
  const { t } = useTranslation();
  return (
    <div data-testid="mood-note-readers">
      <Typography.Text strong>{t('noteReaders.title')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t(`noteReaders.${readers}`)}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('noteReaders.crisis')}</Typography.Paragraph>
    </div>
  );
}

import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';

const zh = {
  treeHole: {
    intro: '学生分享给学校的心情树洞对话，以及出现危机信号的对话（未分享的只显示日期，不显示内容）。每次阅读都会记录。',
    empty: '还没有学生分享对话，也没有危机信号',
    student: '学生',
    className: '班级',
    shared: '分享',
    sharedYes: '已分享',
    sharedNo: '未分享',
    crisis: '危机信号',
    crisisDays: '{{days}}',
    none: '无',
    messages: '消息数',
    updatedAt: '最近',
    read: '阅读',
    notShared: '学生未分享',
    transcript: '{{name}} 的对话',
    loadFailed: '对话没能打开',
    student_says: '学生',
    listener: '倾听者',
    deleted: '记录已删除',
  },
};
type Strings = typeof zh;
const en: Strings = {
  treeHole: {
    intro:
      'The mood tree-hole conversations students shared with the school, and those with a crisis signal (unshared ones show only the dates, never the words). Every read is recorded.',
    empty: 'No student has shared a conversation, and there is no crisis signal',
    student: 'Student',
    className: 'Class',
    shared: 'Shared',
    sharedYes: 'Shared',
    sharedNo: 'Not shared',
    crisis: 'Crisis signal',
    crisisDays: '{{days}}',
    none: 'None',
    messages: 'Messages',
    updatedAt: 'Last',
    read: 'Read',
    notShared: 'Not shared by the student',
    transcript: 'Conversation of {{name}}',
    loadFailed: 'The conversation could not be opened',
    student_says: 'Student',
    listener: 'Listener',
    deleted: 'Transcript deleted',
  },
};

/** The tree-hole report strings, lent to Mind's `app` namespace when its page loads. */
const strings: Record<Lang, Strings> = { 'zh-CN': zh, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);

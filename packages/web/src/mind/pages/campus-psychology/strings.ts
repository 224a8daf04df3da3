import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
// The emotion boards' and alerts' words (emotion names, levels, states, filters).
import '../emotion-alerts/strings.ts';

/** The strings of the campus psychology board and its class detail, decision 0124. */
const zhCN = {
  psychology: {
    allSchools: '全部学校',
    place: '年级 / 班级',
    school: '学校',
    negative: '负面情绪占比',
    trend: '负面情绪（按周）',
    alerts: '情绪预警',
    alertsOpen: '待处理',
    alertsHandled: '已处理',
    screening: '最近一次测评',
    results: '{{count}} 份结果',
    warned: '{{count}} 份触发预警',
    noScreening: '尚无测评结果',
    noSamples: '无情绪数据',
    detail: '班级详情',
    back: '返回数据看板',
    open: '待处理情绪预警',
    handled: '已处理情绪预警',
    grades: '年级',
    empty: '这段时间所选学校还没有情绪数据、情绪预警或测评结果',
    privacy: '数据看板只读取按班级和年级汇总的数据：情绪按班级统计，测评按分段计数，不显示任何学生个人的信息。',
    noAccess: '你当前的角色不能查看心理数据看板，如有需要请联系管理员。',
    noClass: '请从数据看板打开一个班级',
    dailyTrend: '每日负面情绪占比',
    dailyTrendLabel: '该班级每天的负面情绪占比',
    classAlerts: '班级情绪预警',
    alertsEmpty: '这段时间该班级没有情绪预警',
    bands: '测评分段',
    bandsLabel: '该班级最近一次测评主量表的各分段人次',
    task: '测评任务',
    scale: '量表',
  },
};
type PsychologyStrings = typeof zhCN;

const en: PsychologyStrings = {
  psychology: {
    allSchools: 'All schools',
    place: 'Grade / class',
    school: 'School',
    negative: 'Negative share',
    trend: 'Negative share by week',
    alerts: 'Emotion alerts',
    alertsOpen: 'Open',
    alertsHandled: 'Handled',
    screening: 'Latest screening',
    results: '{{count}} results',
    warned: '{{count}} raised a warning',
    noScreening: 'No screening results yet',
    noSamples: 'No emotion data',
    detail: 'Class details',
    back: 'Back to the data board',
    open: 'Open emotion alerts',
    handled: 'Handled emotion alerts',
    grades: 'Grades',
    empty: 'No emotion data, emotion alerts or screening results for the chosen schools and dates yet',
    privacy:
      'The data board reads only figures summed per class and grade: emotion per class, screenings counted by band. It shows no single student.',
    noAccess: 'Your current role may not see the psychology data board; ask your administrator if you need it.',
    noClass: 'Open a class from the data board',
    dailyTrend: 'Negative share by day',
    dailyTrendLabel: 'The class’s negative share on each day',
    classAlerts: 'The class’s emotion alerts',
    alertsEmpty: 'The class had no emotion alert on these dates',
    bands: 'Screening bands',
    bandsLabel: 'Results of the class’s latest screening by band of its main scale',
    task: 'Task',
    scale: 'Scale',
  },
};

const strings: Record<Lang, PsychologyStrings> = { 'zh-CN': zhCN, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);

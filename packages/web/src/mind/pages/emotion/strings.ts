import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';
// The school filter's words (SchoolSelect).
import '../people/strings.ts';

/** The strings of the emotion boards and record, decision 0100. */
const zhCN = {
  emotion: {
    names: { happy: '开心', calm: '平静', surprised: '惊讶', sad: '难过', angry: '生气', fearful: '害怕' },
    school: '学校',
    range: '日期范围',
    by: { day: '按日', week: '按周', month: '按月' },
    samples: '采样次数',
    faces: '识别人次',
    negative: '负面情绪占比',
    distribution: '情绪分布',
    trend: '情绪趋势',
    trendLabel: '各时段的情绪分布',
    classes: '班级对比',
    classesLabel: '各班级的负面情绪占比',
    classTrend: '各班级负面情绪趋势',
    classTrendLabel: '各班级每个时段的负面情绪占比',
    hours: '一天中的时段',
    hoursLabel: '每个小时的负面情绪占比和采样次数',
    hour: '{{hour}} 时',
    className: '班级',
    dominant: '主要情绪',
    detail: '详情',
    day: '日期',
    classCount: '班级数',
    mostNegative: '负面情绪最高的班级',
    empty: '这段时间还没有情绪数据：教室里的设备上报情绪采样后会显示在这里',
    recordEmpty: '这段时间还没有情绪记录',
    pickSchool: '请先选择学校',
    noClass: '请从班级情绪列表打开一个班级',
    back: '返回班级情绪',
    privacy: '情绪数据按班级汇总，不包含任何学生个人的情绪。',
    noBoards: '你当前的角色不能查看情绪看板，如有需要请联系管理员。',
    noRecord: '你当前的角色不能查看情绪记录，如有需要请联系管理员。',
    time: '采样时间',
    device: '设备',
    logEmpty: '这段时间设备还没有上报情绪采样',
    noLog: '你当前的角色不能查看情绪日志，如有需要请联系管理员。',
  },
};
type EmotionStrings = typeof zhCN;

const en: EmotionStrings = {
  emotion: {
    names: { happy: 'Happy', calm: 'Calm', surprised: 'Surprised', sad: 'Sad', angry: 'Angry', fearful: 'Fearful' },
    school: 'School',
    range: 'Dates',
    by: { day: 'By day', week: 'By week', month: 'By month' },
    samples: 'Samples',
    faces: 'Faces seen',
    negative: 'Negative share',
    distribution: 'Emotions',
    trend: 'Emotion trend',
    trendLabel: 'The emotions of each period',
    classes: 'Classes compared',
    classesLabel: 'The negative share of each class',
    classTrend: 'Negative share by class',
    classTrendLabel: 'The negative share of each class in each period',
    hours: 'Hours of the day',
    hoursLabel: 'The negative share and samples of each hour',
    hour: '{{hour}}:00',
    className: 'Class',
    dominant: 'Main emotion',
    detail: 'Details',
    day: 'Day',
    classCount: 'Classes',
    mostNegative: 'Most negative class',
    empty: 'No emotion data for these dates yet: it shows here once classroom devices report emotion samples',
    recordEmpty: 'No emotion records for these dates yet',
    pickSchool: 'Choose a school first',
    noClass: 'Open a class from the class emotion list',
    back: 'Back to class emotion',
    privacy: 'Emotion data is summed per class; it holds no single student’s emotion.',
    noBoards: 'Your current role may not see the emotion boards; ask your administrator if you need them.',
    noRecord: 'Your current role may not see the emotion records; ask your administrator if you need them.',
    time: 'Sampled at',
    device: 'Device',
    logEmpty: 'No device sent an emotion sample for these dates yet',
    noLog: 'Your current role may not see the emotion log; ask your administrator if you need it.',
  },
};

const strings: Record<Lang, EmotionStrings> = { 'zh-CN': zhCN, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);

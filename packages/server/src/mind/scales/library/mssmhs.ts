import type { Band, ScaleDefinition } from '@meridian/contracts';
import { band, options, placeholderItems, t } from './build.ts';

const ids = (...numbers: number[]) => numbers.map(String);

/** Means on 1-5 scoring: 2 or more needs attention. */
const meanBands: Band[] = [
  band('normal', 1, 1.99, t('正常', 'Normal')),
  band(
    'mild',
    2,
    2.99,
    t('轻度问题', 'Mild problems'),
    t('存在轻度心理健康问题，需要关注。', 'Mild mental-health problems that need attention.'),
    t('建议心理老师关注并适时约谈。', 'The psychology teacher should keep an eye on it and talk when fitting.'),
  ),
  band(
    'moderate',
    3,
    3.99,
    t('中度问题', 'Moderate problems'),
    t('存在中度心理健康问题。', 'Moderate mental-health problems.'),
    t('建议心理老师跟进辅导。', 'The psychology teacher should follow up with guidance.'),
  ),
  band(
    'severe',
    4,
    4.99,
    t('较重问题', 'Severe problems'),
    t('存在较重的心理健康问题。', 'Severe mental-health problems.'),
    t('建议转介专业医疗机构评估。', 'Refer to a medical professional for assessment.'),
  ),
  band(
    'verySevere',
    5,
    5,
    t('严重问题', 'Very severe problems'),
    t('存在严重的心理健康问题。', 'Very severe problems.'),
  ),
];

const FACTORS: [id: string, zh: string, en: string, items: string[]][] = [
  ['obsessive', '强迫症状', 'Obsessive-compulsive', ids(3, 10, 12, 22, 23, 48)],
  ['paranoid', '偏执', 'Paranoid ideation', ids(11, 20, 24, 26, 47, 49)],
  ['hostility', '敌对', 'Hostility', ids(19, 21, 25, 50, 52, 58)],
  ['interpersonal', '人际关系紧张与敏感', 'Interpersonal tension and sensitivity', ids(4, 17, 18, 45, 51, 59)],
  ['depression', '抑郁', 'Depression', ids(5, 13, 14, 16, 44, 57)],
  ['anxiety', '焦虑', 'Anxiety', ids(6, 15, 34, 43, 46, 56)],
  ['studyPressure', '学习压力', 'Study pressure', ids(31, 33, 36, 38, 40, 55)],
  ['maladjustment', '适应不良', 'Maladjustment', ids(1, 8, 9, 29, 39, 41)],
  ['emotionalImbalance', '情绪不平衡', 'Emotional imbalance', ids(2, 7, 27, 32, 35, 53)],
  ['psychologicalImbalance', '心理不平衡', 'Psychological imbalance', ids(28, 30, 37, 42, 54, 60)],
];

/**
 * Mental Health Scale for Middle-School Students (中国中学生心理健康量表, Wang Jisheng 1997):
 * 60 items on 1-5 scoring, 10 factors of 6; factor scores and the total are means.
 */
export const mssmhs: ScaleDefinition = {
  code: 'MSSMHS',
  name: t('中国中学生心理健康量表（MSSMHS）', 'Mental Health Scale for Middle-School Students (MSSMHS)'),
  description: t(
    '60 个条目，1-5 级评分，10 个因子各 6 题；因子分与总均分为平均分，任一因子分或总均分达到 2 分需要关注。',
    'Sixty items on 1-5 scoring, 10 factors of 6 items; factor scores and the total are means, and a mean of 2 or more needs attention.',
  ),
  instructions: t(
    '请根据你最近的实际情况，选择每个问题的程度。',
    'For each item, choose how far it is true of you lately.',
  ),
  audience: 'student',
  languages: ['zh-CN', 'en'],
  licensedText: true,
  options: options([
    ['无', 'None', 1],
    ['轻度', 'Mild', 2],
    ['中度', 'Moderate', 3],
    ['偏重', 'Quite severe', 4],
    ['严重', 'Severe', 5],
  ]),
  items: placeholderItems(60),
  scoring: { method: 'mean' },
  bands: meanBands,
  factors: FACTORS.map(([id, zh, en, items]) => ({
    id,
    name: t(zh, en),
    items,
    method: 'mean' as const,
    bands: meanBands,
  })),
  validity: [],
  flags: [
    {
      id: 'attention',
      label: t('总均分或有因子分达到 2 分', 'The total or a factor mean is 2 or more'),
      when: {
        kind: 'any',
        of: [
          { kind: 'total', op: 'gte', value: 2 },
          { kind: 'anyFactor', op: 'gte', value: 2 },
        ],
      },
    },
  ],
  warnings: [
    {
      id: 'moderate',
      level: 'orange',
      when: { kind: 'total', op: 'gte', value: 3 },
      reason: t('MSSMHS 总均分 3 分及以上', 'MSSMHS total mean of 3 or more'),
    },
    {
      id: 'attention',
      level: 'yellow',
      when: { kind: 'flag', flag: 'attention' },
      reason: t(
        'MSSMHS 总均分或因子分达到 2 分，需要关注',
        'MSSMHS total or factor mean of 2 or more: needs attention',
      ),
    },
  ],
};

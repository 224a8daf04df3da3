import type { Band, ScaleDefinition } from '@meridian/contracts';
import { band, options, placeholderItems, t } from './build.ts';

const ids = (...numbers: number[]) => numbers.map(String);

/** Factor means on 1-5 scoring: below 2 no symptom, then mild, moderate, severe. */
const factorBands: Band[] = [
  band('none', 1, 1.99, t('无明显症状', 'No notable symptoms')),
  band('mild', 2, 2.99, t('轻度', 'Mild'), t('该方面有轻度症状。', 'Mild symptoms in this area.')),
  band(
    'moderate',
    3,
    3.99,
    t('中度', 'Moderate'),
    t('该方面有中度症状。', 'Moderate symptoms in this area.'),
    t('建议心理老师跟进约谈。', 'The psychology teacher should follow up with a talk.'),
  ),
  band(
    'severe',
    4,
    5,
    t('重度', 'Severe'),
    t('该方面症状较重。', 'Severe symptoms in this area.'),
    t('建议转介专业医疗机构评估。', 'Refer to a medical professional for assessment.'),
  ),
];

const FACTORS: [id: string, zh: string, en: string, items: string[]][] = [
  ['somatization', '躯体化', 'Somatization', ids(1, 4, 12, 27, 40, 42, 48, 49, 52, 53, 56, 58)],
  ['obsessive', '强迫症状', 'Obsessive-compulsive', ids(3, 9, 10, 28, 38, 45, 46, 51, 55, 65)],
  ['interpersonal', '人际关系敏感', 'Interpersonal sensitivity', ids(6, 21, 34, 36, 37, 41, 61, 69, 73)],
  ['depression', '抑郁', 'Depression', ids(5, 14, 15, 20, 22, 26, 29, 30, 31, 32, 54, 71, 79)],
  ['anxiety', '焦虑', 'Anxiety', ids(2, 17, 23, 33, 39, 57, 72, 78, 80, 86)],
  ['hostility', '敌对', 'Hostility', ids(11, 24, 63, 67, 74, 81)],
  ['phobic', '恐怖', 'Phobic anxiety', ids(13, 25, 47, 50, 70, 75, 82)],
  ['paranoid', '偏执', 'Paranoid ideation', ids(8, 18, 43, 68, 76, 83)],
  ['psychoticism', '精神病性', 'Psychoticism', ids(7, 16, 35, 62, 77, 84, 85, 87, 88, 90)],
];
/** The seven additional items (sleep and appetite) form a factor that is reported but not screened. */
const OTHER = ids(19, 44, 59, 60, 64, 66, 89);

/**
 * Symptom Checklist 90 (Derogatis; Chinese version Wang Zhengyi 1984) on 1-5 scoring. Positive
 * screen: total above 160, or more than 43 items scored 2 or more, or any of the 9 factors at 2 or more.
 */
export const scl90: ScaleDefinition = {
  code: 'SCL-90',
  name: t('症状自评量表（SCL-90）', 'Symptom Checklist 90 (SCL-90)'),
  description: t(
    '90 个条目，1-5 级评分，9 个因子与附加项；因子分 = 因子各项得分之和 / 项目数。总分超过 160 分、阳性项目数超过 43 项或任一因子分达到 2 分，可考虑筛查阳性。',
    'Ninety items on 1-5 scoring, 9 factors and additional items; a factor score is the sum of its items divided by their number. A total above 160, more than 43 positive items, or any factor of 2 or more screens positive.',
  ),
  instructions: t(
    '请根据最近一周的实际感觉，选择每个问题影响你的程度。',
    'For each problem, choose how much it has bothered you over the past week.',
  ),
  audience: 'student',
  languages: ['zh-CN', 'en'],
  licensedText: true,
  options: options([
    ['没有', 'Not at all', 1],
    ['很轻', 'A little', 2],
    ['中等', 'Moderately', 3],
    ['偏重', 'Quite a bit', 4],
    ['严重', 'Extremely', 5],
  ]),
  items: placeholderItems(90),
  scoring: { method: 'sum' },
  bands: [
    band('low', 90, 160, t('总分未超过 160 分', 'Total of 160 or less')),
    band('high', 161, 450, t('总分超过 160 分', 'Total above 160')),
  ],
  factors: [
    ...FACTORS.map(([id, zh, en, items]) => ({
      id,
      name: t(zh, en),
      items,
      method: 'mean' as const,
      bands: factorBands,
    })),
    { id: 'other', name: t('其他（睡眠、饮食）', 'Additional (sleep and appetite)'), items: OTHER, method: 'mean' },
  ],
  validity: [],
  flags: [
    {
      id: 'positive',
      label: t('筛查阳性', 'Positive screen'),
      when: {
        kind: 'any',
        of: [
          { kind: 'total', op: 'gt', value: 160 },
          { kind: 'count', itemOp: 'gte', itemValue: 2, op: 'gt', value: 43 },
          { kind: 'anyFactor', op: 'gte', value: 2, factors: FACTORS.map(([id]) => id) },
        ],
      },
    },
  ],
  warnings: [
    {
      id: 'positive',
      level: 'yellow',
      when: { kind: 'flag', flag: 'positive' },
      reason: t('SCL-90 筛查阳性', 'SCL-90 screens positive'),
    },
  ],
  norms: {
    source: t('中国成人常模（金华等，1986）', 'Chinese adult norm (Jin Hua et al., 1986)'),
    total: { mean: 129.96, sd: 38.76 },
    factors: {
      somatization: { mean: 1.37, sd: 0.48 },
      obsessive: { mean: 1.62, sd: 0.58 },
      interpersonal: { mean: 1.65, sd: 0.61 },
      depression: { mean: 1.5, sd: 0.59 },
      anxiety: { mean: 1.39, sd: 0.43 },
      hostility: { mean: 1.48, sd: 0.56 },
      phobic: { mean: 1.23, sd: 0.41 },
      paranoid: { mean: 1.43, sd: 0.57 },
      psychoticism: { mean: 1.29, sd: 0.42 },
    },
  },
};

import type { ScaleDefinition } from '@meridian/contracts';
import { band, options, placeholderItems, range, t } from './build.ts';

const contentBands = [
  band('normal', 0, 7, t('正常', 'Normal')),
  band(
    'high',
    8,
    15,
    t('偏高', 'High'),
    t('该方面的困扰较明显。', 'Notable difficulty in this area.'),
    t('建议心理老师就该方面进行个别辅导。', 'The psychology teacher should offer individual guidance on this area.'),
  ),
];
const content = (id: string, zh: string, en: string, items: string[]) => ({
  id,
  name: t(zh, en),
  items,
  method: 'sum' as const,
  bands: contentBands,
});
const validityItems = range(82, 100, 2);

/**
 * Mental Health Test (心理健康诊断测验, Zhou Bucheng 1991): 100 yes/no items, 8 content scales,
 * and a 10-item validity (lie) scale of the even items 82-100, which is not in the total.
 */
export const mht: ScaleDefinition = {
  code: 'MHT',
  name: t('心理健康诊断测验（MHT）', 'Mental Health Test (MHT)'),
  description: t(
    '100 道是非题，8 个内容量表与 1 个效度量表。效度量表（第 82-100 题中的偶数题）得分 7 分及以上时答卷无效；任一内容量表 8 分及以上为偏高；总分 65 分及以上需要制定个别辅导计划。',
    'One hundred yes/no items: 8 content scales and a validity scale. A validity score (the even items 82-100) of 7 or more voids the sheet; a content scale of 8 or more is high; a total of 65 or more calls for a guidance plan.',
  ),
  instructions: t('请根据自己的实际情况回答“是”或“否”。', 'Answer yes or no as it is true for you.'),
  audience: 'student',
  languages: ['zh-CN', 'en'],
  licensedText: true,
  options: options([
    ['是', 'Yes', 1],
    ['否', 'No', 0],
  ]),
  items: placeholderItems(100, validityItems),
  scoring: { method: 'sum' },
  bands: [
    band('normal', 0, 64, t('无需制定辅导计划', 'No guidance plan needed')),
    band(
      'guidance',
      65,
      90,
      t('需要制定辅导计划', 'Guidance plan needed'),
      t('焦虑水平总体偏高。', 'Overall anxiety is high.'),
      t(
        '由心理老师制定并实施个别辅导计划。',
        'The psychology teacher draws up and carries out an individual guidance plan.',
      ),
    ),
  ],
  factors: [
    content('learning', '学习焦虑', 'Learning anxiety', range(1, 15)),
    content('social', '对人焦虑', 'Social anxiety', range(16, 25)),
    content('loneliness', '孤独倾向', 'Loneliness', range(26, 35)),
    content('selfBlame', '自责倾向', 'Self-blame', range(36, 45)),
    content('sensitivity', '过敏倾向', 'Sensitivity', range(46, 55)),
    content('somatic', '身体症状', 'Somatic symptoms', range(56, 70)),
    content('phobia', '恐怖倾向', 'Phobia', range(71, 80)),
    content('impulsiveness', '冲动倾向', 'Impulsiveness', range(81, 99, 2)),
    { id: 'validity', name: t('效度量表', 'Validity scale'), items: validityItems, method: 'sum', validity: true },
  ],
  validity: [
    {
      id: 'lie',
      when: { kind: 'factor', factor: 'validity', op: 'gte', value: 7 },
      reason: t('效度量表得分 7 分及以上，答卷无效', 'The validity scale is 7 or more: the sheet is void'),
    },
  ],
  flags: [
    {
      id: 'highScale',
      label: t('有内容量表偏高（8 分及以上）', 'A content scale is high (8 or more)'),
      when: { kind: 'anyFactor', op: 'gte', value: 8 },
    },
    {
      id: 'guidancePlan',
      label: t('需要制定辅导计划（总分 65 分及以上）', 'Needs a guidance plan (total 65 or more)'),
      when: { kind: 'total', op: 'gte', value: 65 },
    },
  ],
  warnings: [
    {
      id: 'guidancePlan',
      level: 'orange',
      when: { kind: 'flag', flag: 'guidancePlan' },
      reason: t('MHT 总分 65 分及以上，需要制定辅导计划', 'MHT total of 65 or more: a guidance plan is needed'),
    },
    {
      id: 'highScale',
      level: 'yellow',
      when: { kind: 'flag', flag: 'highScale' },
      reason: t('MHT 有内容量表 8 分及以上', 'An MHT content scale is 8 or more'),
    },
  ],
};

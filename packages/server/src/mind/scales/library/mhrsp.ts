import type { ScaleDefinition } from '@meridian/contracts';
import { band, options, placeholderItems, range, t } from './build.ts';

const SUBSCALES: [id: string, zh: string, en: string][] = [
  ['learning', '学习障碍', 'Learning difficulties'],
  ['emotion', '情绪障碍', 'Emotional difficulties'],
  ['character', '性格缺陷', 'Character problems'],
  ['social', '社会适应障碍', 'Social adjustment difficulties'],
  ['conduct', '品德缺陷', 'Conduct problems'],
  ['habits', '不良习惯', 'Bad habits'],
  ['behaviour', '行为障碍', 'Behaviour problems'],
  ['special', '特种障碍', 'Special difficulties'],
];

/**
 * Mental Health Rating Scale for Pupils (小学生心理健康评定量表, Chen Yongsheng 2000): rated by
 * the class teacher or a parent; 80 items scored 0-2 in 8 subscales of 10 consecutive items (A-H).
 */
export const mhrsp: ScaleDefinition = {
  code: 'MHRSP',
  name: t('小学生心理健康评定量表（MHRSP）', 'Mental Health Rating Scale for Pupils (MHRSP)'),
  description: t(
    '由班主任或家长评定的 80 个条目，每题 0-2 分，分为 8 个分量表，每个分量表 10 题；任一分量表 10 分及以上提示该方面可能存在问题。',
    'Eighty items rated by the class teacher or a parent, each 0-2, in 8 subscales of 10 items; a subscale of 10 or more points to a possible problem.',
  ),
  instructions: t(
    '请根据您对学生的日常观察，选择最符合的情况。',
    'From what you see of the student day to day, choose what fits best.',
  ),
  audience: 'rater',
  languages: ['zh-CN', 'en'],
  licensedText: true,
  options: options([
    ['经常', 'Often', 2],
    ['偶尔', 'Sometimes', 1],
    ['没有', 'Never', 0],
  ]),
  items: placeholderItems(80),
  scoring: { method: 'sum' },
  bands: [],
  factors: SUBSCALES.map(([id, zh, en], i) => ({
    id,
    name: t(zh, en),
    items: range(i * 10 + 1, i * 10 + 10),
    method: 'sum' as const,
    bands: [
      band('normal', 0, 9, t('正常', 'Normal')),
      band(
        'problem',
        10,
        20,
        t('可能存在问题', 'Possible problem'),
        t('该方面可能存在问题。', 'There may be a problem in this area.'),
        t('建议心理老师进一步观察与评估。', 'The psychology teacher should observe and assess further.'),
      ),
    ],
  })),
  validity: [],
  flags: [
    {
      id: 'possibleProblem',
      label: t('有分量表 10 分及以上', 'A subscale is 10 or more'),
      when: { kind: 'anyFactor', op: 'gte', value: 10 },
    },
  ],
  warnings: [
    {
      id: 'possibleProblem',
      level: 'yellow',
      when: { kind: 'flag', flag: 'possibleProblem' },
      reason: t('MHRSP 有分量表 10 分及以上，可能存在问题', 'An MHRSP subscale of 10 or more: a possible problem'),
    },
  ],
};

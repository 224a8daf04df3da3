import type { ScaleDefinition } from '@meridian/contracts';
import { band, items, options, t } from './build.ts';

/**
 * Scales teachers answer about themselves (audience "teacher"), each free to use and scored with
 * its published key. Sources, licences and cut-offs: docs/scales.md.
 */

export const seekSupport = t(
  '建议与心理老师或学校的教职工心理支持渠道联系，必要时到专业医疗机构就诊。',
  "Talk with the school's psychology staff or staff support service, and see a medical professional where needed.",
);

/**
 * PSS-10 (Cohen, Kamarck and Mermelstein, 1983; 10-item form, Cohen and Williamson, 1988).
 * Chinese: the items of the Chinese Perceived Stress Scale (杨廷忠、黄汉腾, 2003) that match the ten.
 */
export const pss10: ScaleDefinition = {
  code: 'PSS-10',
  name: t('压力知觉量表（PSS-10）', 'Perceived Stress Scale (PSS-10)'),
  description: t(
    '10 个条目评估最近一个月感受到的压力，每题 0-4 分，第 4、5、7、8 题反向计分，总分 0-40 分，分数越高压力越大。',
    'Ten items on stress felt over the last month, each 0-4; items 4, 5, 7 and 8 are reverse scored; total 0-40, higher is more stress.',
  ),
  instructions: t(
    '请回想最近一个月来，发生下列各状况的频率。',
    'The questions in this scale ask you about your feelings and thoughts during the last month. In each case, please indicate how often you felt or thought a certain way.',
  ),
  audience: 'teacher',
  languages: ['zh-CN', 'en'],
  options: options([
    ['从不', 'Never', 0],
    ['偶尔', 'Almost never', 1],
    ['有时', 'Sometimes', 2],
    ['常常', 'Fairly often', 3],
    ['总是', 'Very often', 4],
  ]),
  items: items(
    [
      [
        '一些无法预期的事情发生而感到心烦意乱',
        'In the last month, how often have you been upset because of something that happened unexpectedly?',
      ],
      [
        '感觉无法控制自己生活中重要的事情',
        'In the last month, how often have you felt that you were unable to control the important things in your life?',
      ],
      ['感到紧张不安和压力', 'In the last month, how often have you felt nervous and "stressed"?'],
      [
        '对于有能力处理自己私人的问题感到很有信心',
        'In the last month, how often have you felt confident about your ability to handle your personal problems?',
      ],
      ['感到事情顺心如意', 'In the last month, how often have you felt that things were going your way?'],
      [
        '发现自己无法处理所有自己必须做的事情',
        'In the last month, how often have you found that you could not cope with all the things that you had to do?',
      ],
      [
        '有办法控制生活中恼人的事情',
        'In the last month, how often have you been able to control irritations in your life?',
      ],
      ['常觉得自己是驾驭事情的主人', 'In the last month, how often have you felt that you were on top of things?'],
      [
        '常生气，因为很多事情的发生是超出自己所能控制的',
        'In the last month, how often have you been angered because of things that were outside of your control?',
      ],
      [
        '常感到困难的事情堆积如山，而自己无法克服它们',
        'In the last month, how often have you felt difficulties were piling up so high that you could not overcome them?',
      ],
    ],
    [4, 5, 7, 8],
  ),
  scoring: { method: 'sum' },
  bands: [
    band(
      'low',
      0,
      13,
      t('低压力', 'Low stress'),
      t('近一个月感受到的压力较低。', 'Low perceived stress over the last month.'),
    ),
    band(
      'moderate',
      14,
      26,
      t('中等压力', 'Moderate stress'),
      t('近一个月感受到中等程度的压力。', 'Moderate perceived stress over the last month.'),
      t('留意休息与工作节奏，与同事或家人聊聊。', 'Mind rest and the pace of work; talk with colleagues or family.'),
    ),
    band(
      'high',
      27,
      40,
      t('高压力', 'High stress'),
      t('近一个月感受到的压力较高。', 'High perceived stress over the last month.'),
      seekSupport,
    ),
  ],
  factors: [],
  validity: [],
  flags: [],
  warnings: [
    {
      id: 'high',
      level: 'yellow',
      when: { kind: 'band', bands: ['high'] },
      reason: t('PSS-10 高压力（27 分及以上）', 'PSS-10 high perceived stress (27 or more)'),
    },
  ],
};

/**
 * WHO-5 Well-Being Index (WHO, 1998 version). Chinese: the WHO's Chinese (PR) version. The raw
 * 0-25 is multiplied by 4 into a percentage: 50 or less is poor well-being, 28 or less likely depression.
 */
export const who5: ScaleDefinition = {
  code: 'WHO-5',
  name: t('世界卫生组织五项身心健康指标（WHO-5）', 'WHO-5 Well-Being Index'),
  description: t(
    '5 个条目评估最近两周的身心健康状况，每题 0-5 分，原始分乘以 4 得到 0-100 的百分制分数，分数越高状况越好；50 分及以下提示身心健康状况欠佳，28 分及以下提示可能存在抑郁。',
    'Five items on well-being over the last two weeks, each 0-5; the raw score times 4 gives a percentage 0-100, higher is better. 50 or less is poor well-being; 28 or less suggests likely depression.',
  ),
  instructions: t(
    '以下五个句子是关于您最近两星期的感受，请为每个句子选出最接近您在过去两星期里的感觉的一项。',
    'Please respond to each item by marking one box per row, regarding how you felt in the last two weeks.',
  ),
  audience: 'teacher',
  languages: ['zh-CN', 'en'],
  options: options([
    ['所有时间', 'All of the time', 5],
    ['大部分时间', 'Most of the time', 4],
    ['超过一半的时间', 'More than half of the time', 3],
    ['少于一半的时间', 'Less than half of the time', 2],
    ['有时候', 'Some of the time', 1],
    ['从未有过', 'At no time', 0],
  ]),
  items: items([
    ['我感觉快乐、心情舒畅', 'I have felt cheerful and in good spirits'],
    ['我感觉宁静和放松', 'I have felt calm and relaxed'],
    ['我感觉充满活力、精力充沛', 'I have felt active and vigorous'],
    ['我睡醒时感到清新、得到了足够休息', 'I woke up feeling fresh and rested'],
    ['我每天生活充满了有趣的事情', 'My daily life has been filled with things that interest me'],
  ]),
  scoring: { method: 'standard', multiplier: 4 },
  bands: [
    band(
      'likelyDepression',
      0,
      28,
      t('可能存在抑郁', 'Likely depression'),
      t('身心健康状况差，提示可能存在抑郁。', 'Poor well-being that suggests likely depression.'),
      seekSupport,
    ),
    band(
      'poor',
      29,
      50,
      t('身心健康状况欠佳', 'Poor well-being'),
      t('身心健康状况欠佳，建议进一步了解是否存在抑郁。', 'Poor well-being; screening for depression is advised.'),
      t('建议与心理老师聊聊，并留意作息与休息。', 'Talk with the psychology staff, and mind sleep and rest.'),
    ),
    band(
      'good',
      51,
      100,
      t('身心健康状况良好', 'Good well-being'),
      t('最近两周身心健康状况良好。', 'Good well-being over the last two weeks.'),
    ),
  ],
  factors: [],
  validity: [],
  flags: [
    {
      // The 1998 guidance also advises follow-up when any single item is answered 0 or 1.
      id: 'lowItem',
      label: t('有条目得分为 0 或 1', 'An item answered 0 or 1'),
      when: { kind: 'count', itemOp: 'lte', itemValue: 1, op: 'gte', value: 1 },
    },
  ],
  warnings: [
    {
      id: 'likelyDepression',
      level: 'orange',
      when: { kind: 'band', bands: ['likelyDepression'] },
      reason: t('WHO-5 提示可能存在抑郁（28 分及以下）', 'WHO-5 suggests likely depression (28 or less)'),
    },
    {
      id: 'poor',
      level: 'yellow',
      when: { kind: 'band', bands: ['poor'] },
      reason: t('WHO-5 身心健康状况欠佳（50 分及以下）', 'WHO-5 poor well-being (50 or less)'),
    },
  ],
};

/**
 * K10 (Kessler et al., 2002), with the levels of Andrews and Slade (2001): 10-15 low, 16-21
 * moderate, 22-29 high, 30-50 very high.
 */
export const k10: ScaleDefinition = {
  code: 'K10',
  name: t('凯斯勒心理困扰量表（K10）', 'Kessler Psychological Distress Scale (K10)'),
  description: t(
    '10 个条目评估最近 30 天的非特异性心理困扰，每题 1-5 分，总分 10-50 分：10-15 低、16-21 中、22-29 高、30-50 很高。',
    'Ten items on non-specific psychological distress over the last 30 days, each 1-5, total 10-50: 10-15 low, 16-21 moderate, 22-29 high, 30-50 very high.',
  ),
  instructions: t(
    '以下问题是关于您最近 30 天的感受。',
    'These questions concern how you have been feeling over the past 30 days.',
  ),
  audience: 'teacher',
  languages: ['zh-CN', 'en'],
  options: options([
    ['几乎没有', 'None of the time', 1],
    ['很少时间', 'A little of the time', 2],
    ['部分时间', 'Some of the time', 3],
    ['大部分时间', 'Most of the time', 4],
    ['所有时间', 'All of the time', 5],
  ]),
  items: items([
    [
      '在过去 30 天里，您有多经常无缘无故地感到疲惫？',
      'During the last 30 days, about how often did you feel tired out for no good reason?',
    ],
    ['在过去 30 天里，您有多经常感到紧张？', 'During the last 30 days, about how often did you feel nervous?'],
    [
      '在过去 30 天里，您有多经常紧张得无论怎样都平静不下来？',
      'During the last 30 days, about how often did you feel so nervous that nothing could calm you down?',
    ],
    ['在过去 30 天里，您有多经常感到绝望？', 'During the last 30 days, about how often did you feel hopeless?'],
    [
      '在过去 30 天里，您有多经常感到坐立不安或烦躁？',
      'During the last 30 days, about how often did you feel restless or fidgety?',
    ],
    [
      '在过去 30 天里，您有多经常烦躁得坐都坐不住？',
      'During the last 30 days, about how often did you feel so restless you could not sit still?',
    ],
    ['在过去 30 天里，您有多经常感到抑郁？', 'During the last 30 days, about how often did you feel depressed?'],
    [
      '在过去 30 天里，您有多经常感到做每件事都很费力？',
      'During the last 30 days, about how often did you feel that everything was an effort?',
    ],
    [
      '在过去 30 天里，您有多经常伤心得什么都不能让您高兴起来？',
      'During the last 30 days, about how often did you feel so sad that nothing could cheer you up?',
    ],
    [
      '在过去 30 天里，您有多经常觉得自己毫无价值？',
      'During the last 30 days, about how often did you feel worthless?',
    ],
  ]),
  scoring: { method: 'sum' },
  bands: [
    band(
      'low',
      10,
      15,
      t('低度心理困扰', 'Low distress'),
      t('目前心理困扰程度低。', 'Low psychological distress now.'),
    ),
    band(
      'moderate',
      16,
      21,
      t('中度心理困扰', 'Moderate distress'),
      t('有中度心理困扰。', 'Moderate psychological distress.'),
      t('留意情绪与休息，必要时与心理老师聊聊。', 'Mind mood and rest; talk with the psychology staff if it lasts.'),
    ),
    band(
      'high',
      22,
      29,
      t('高度心理困扰', 'High distress'),
      t('有较高的心理困扰。', 'High psychological distress.'),
      seekSupport,
    ),
    band(
      'veryHigh',
      30,
      50,
      t('极高心理困扰', 'Very high distress'),
      t('心理困扰程度很高。', 'Very high psychological distress.'),
      seekSupport,
    ),
  ],
  factors: [],
  validity: [],
  flags: [],
  warnings: [
    {
      id: 'veryHigh',
      level: 'orange',
      when: { kind: 'band', bands: ['veryHigh'] },
      reason: t('K10 极高心理困扰（30 分及以上）', 'K10 very high distress (30 or more)'),
    },
    {
      id: 'high',
      level: 'yellow',
      when: { kind: 'band', bands: ['high'] },
      reason: t('K10 高度心理困扰（22-29 分）', 'K10 high distress (22-29)'),
    },
  ],
};

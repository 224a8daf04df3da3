import type { LocalText, ScaleDefinition } from '@meridian/contracts';
import { band, items, options, t } from './build.ts';

/** Zung's four frequencies, scored 1-4; reverse-worded items are scored 4-1. */
const frequency = options([
  ['没有或很少时间', 'A little of the time', 1],
  ['小部分时间', 'Some of the time', 2],
  ['相当多时间', 'A good part of the time', 3],
  ['绝大部分或全部时间', 'Most of the time', 4],
]);
const instructions = t(
  '请根据最近一周的实际感觉，选择最符合你的情况。',
  'For each sentence, choose how often it applied to you over the past week.',
);

/** Standard-score bands: normal below `mild`, then mild, moderate, severe (Chinese norm cut-offs). */
function zungBands(what: LocalText, mild: number, moderate: number, severe: number) {
  const zh = what['zh-CN'] ?? '';
  const en = what.en ?? '';
  return [
    band('normal', 25, mild - 1, t('正常', 'Normal'), t(`无明显${zh}症状。`, `No notable ${en}.`)),
    band('mild', mild, moderate - 1, t(`轻度${zh}`, `Mild ${en}`), t(`有轻度${zh}症状。`, `Mild ${en}.`)),
    band(
      'moderate',
      moderate,
      severe - 1,
      t(`中度${zh}`, `Moderate ${en}`),
      t(`有中度${zh}症状。`, `Moderate ${en}.`),
      t('建议心理老师跟进约谈。', 'The psychology teacher should follow up with a talk.'),
    ),
    band(
      'severe',
      severe,
      100,
      t(`重度${zh}`, `Severe ${en}`),
      t(`有重度${zh}症状。`, `Severe ${en}.`),
      t(
        '建议尽快约谈，必要时转介专业医疗机构。',
        'Talk with the student soon and refer to a medical professional where needed.',
      ),
    ),
  ];
}

/** Self-rating Depression Scale (Zung, 1965); the standard score is the integer part of raw x 1.25. */
export const sds: ScaleDefinition = {
  code: 'SDS',
  name: t('抑郁自评量表（SDS）', 'Self-rating Depression Scale (SDS)'),
  description: t(
    '20 个条目，每题 1-4 分，其中 10 题反向计分；标准分 = 粗分 × 1.25 取整。按中国常模，53 分以下为正常，53-62 轻度，63-72 中度，73 及以上重度。',
    'Twenty items scored 1-4, ten of them reverse-scored; standard score = raw x 1.25, integer part. Under the Chinese norm below 53 is normal, 53-62 mild, 63-72 moderate, 73 and above severe.',
  ),
  instructions,
  audience: 'student',
  languages: ['zh-CN', 'en'],
  options: frequency,
  items: items(
    [
      ['我觉得闷闷不乐，情绪低沉', 'I feel down-hearted and blue'],
      ['我觉得一天之中早晨最好', 'Morning is when I feel the best'],
      ['我一阵阵哭出来或觉得想哭', 'I have crying spells or feel like it'],
      ['我晚上睡眠不好', 'I have trouble sleeping at night'],
      ['我吃得跟平常一样多', 'I eat as much as I used to'],
      ['我与异性接触时和以往一样感到愉快', 'I enjoy being with the opposite sex as much as I used to'],
      ['我发觉我的体重在下降', 'I notice that I am losing weight'],
      ['我有便秘的苦恼', 'I have trouble with constipation'],
      ['我心跳比平常快', 'My heart beats faster than usual'],
      ['我无缘无故地感到疲乏', 'I get tired for no reason'],
      ['我的头脑跟平常一样清楚', 'My mind is as clear as it used to be'],
      ['我觉得经常做的事情并没有困难', 'I find it easy to do the things I used to'],
      ['我觉得不安而平静不下来', 'I am restless and cannot keep still'],
      ['我对将来抱有希望', 'I feel hopeful about the future'],
      ['我比平常容易生气激动', 'I am more irritable than usual'],
      ['我觉得作出决定是容易的', 'I find it easy to make decisions'],
      ['我觉得自己是个有用的人，有人需要我', 'I feel that I am useful and needed'],
      ['我的生活过得很有意思', 'My life is pretty full'],
      ['我认为如果我死了别人会生活得好些', 'I feel that others would be better off if I were dead'],
      ['平常感兴趣的事我仍然照样感兴趣', 'I still enjoy the things I used to do'],
    ],
    [2, 5, 6, 11, 12, 14, 16, 17, 18, 20],
  ),
  scoring: { method: 'standard', multiplier: 1.25 },
  bands: zungBands(t('抑郁', 'depression'), 53, 63, 73),
  factors: [],
  validity: [],
  flags: [],
  warnings: [
    {
      id: 'severe',
      level: 'orange',
      when: { kind: 'band', bands: ['severe'] },
      reason: t('SDS 重度抑郁（标准分 73 及以上）', 'SDS severe depression (standard score 73 or more)'),
    },
    {
      id: 'moderate',
      level: 'yellow',
      when: { kind: 'band', bands: ['moderate'] },
      reason: t('SDS 中度抑郁（标准分 63-72）', 'SDS moderate depression (standard score 63-72)'),
    },
  ],
  norms: {
    source: t('中国常模（王春芳等，1986）', 'Chinese norm (Wang Chunfang et al., 1986)'),
    total: { mean: 41.88, sd: 10.57 },
  },
};

/** Self-rating Anxiety Scale (Zung, 1971). */
export const sas: ScaleDefinition = {
  code: 'SAS',
  name: t('焦虑自评量表（SAS）', 'Self-rating Anxiety Scale (SAS)'),
  description: t(
    '20 个条目，每题 1-4 分，其中 5 题反向计分；标准分 = 粗分 × 1.25 取整。按中国常模，50 分以下为正常，50-59 轻度，60-69 中度，70 及以上重度。',
    'Twenty items scored 1-4, five of them reverse-scored; standard score = raw x 1.25, integer part. Under the Chinese norm below 50 is normal, 50-59 mild, 60-69 moderate, 70 and above severe.',
  ),
  instructions,
  audience: 'student',
  languages: ['zh-CN', 'en'],
  options: frequency,
  items: items(
    [
      ['我觉得比平常容易紧张和着急', 'I feel more nervous and anxious than usual'],
      ['我无缘无故地感到害怕', 'I feel afraid for no reason at all'],
      ['我容易心里烦乱或觉得惊恐', 'I get upset easily or feel panicky'],
      ['我觉得我可能将要发疯', 'I feel like I am falling apart and going to pieces'],
      ['我觉得一切都很好，也不会发生什么不幸', 'I feel that everything is all right and nothing bad will happen'],
      ['我手脚发抖打颤', 'My arms and legs shake and tremble'],
      ['我因为头痛、颈痛和背痛而苦恼', 'I am bothered by headaches and neck and back pain'],
      ['我感觉容易衰弱和疲乏', 'I feel weak and get tired easily'],
      ['我觉得心平气和，并且容易安静坐着', 'I feel calm and can sit still easily'],
      ['我觉得心跳得很快', 'I can feel my heart beating fast'],
      ['我因为一阵阵头晕而苦恼', 'I am bothered by dizzy spells'],
      ['我有晕倒发作，或觉得要晕倒似的', 'I have fainting spells or feel like it'],
      ['我吸气呼气都感到很容易', 'I can breathe in and out easily'],
      ['我的手脚麻木和刺痛', 'I get numbness and tingling in my fingers and toes'],
      ['我因为胃痛和消化不良而苦恼', 'I am bothered by stomach aches or indigestion'],
      ['我常常要小便', 'I have to empty my bladder often'],
      ['我的手常常是干燥温暖的', 'My hands are usually dry and warm'],
      ['我脸红发热', 'My face gets hot and blushes'],
      ['我容易入睡并且一夜睡得很好', "I fall asleep easily and get a good night's rest"],
      ['我做恶梦', 'I have nightmares'],
    ],
    [5, 9, 13, 17, 19],
  ),
  scoring: { method: 'standard', multiplier: 1.25 },
  bands: zungBands(t('焦虑', 'anxiety'), 50, 60, 70),
  factors: [],
  validity: [],
  flags: [],
  warnings: [
    {
      id: 'severe',
      level: 'orange',
      when: { kind: 'band', bands: ['severe'] },
      reason: t('SAS 重度焦虑（标准分 70 及以上）', 'SAS severe anxiety (standard score 70 or more)'),
    },
    {
      id: 'moderate',
      level: 'yellow',
      when: { kind: 'band', bands: ['moderate'] },
      reason: t('SAS 中度焦虑（标准分 60-69）', 'SAS moderate anxiety (standard score 60-69)'),
    },
  ],
  norms: {
    source: t('中国常模（吴文源，1990）', 'Chinese norm (Wu Wenyuan, 1990)'),
    total: { mean: 37.23, sd: 12.59 },
  },
};

import type { ScaleDefinition } from '@meridian/contracts';
import { band, items, options, t } from './build.ts';

/** PHQ-9 and GAD-7 share their answer scale: how often over the last two weeks. Teachers answer the same key (adult.ts). */
const twoWeeks = options([
  ['完全不会', 'Not at all', 0],
  ['好几天', 'Several days', 1],
  ['一半以上的天数', 'More than half the days', 2],
  ['几乎每天', 'Nearly every day', 3],
]);
const instructions = t(
  '在过去两周里，你有多少时间受到以下问题的困扰？',
  'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
);
const seeProfessional = t(
  '建议由心理老师尽快约谈，必要时转介专业医疗机构。',
  'The psychology teacher should talk with the student soon and refer to a medical professional where needed.',
);

/** PHQ-9 (Kroenke, Spitzer and Williams, 2001): free to use. */
export const phq9: ScaleDefinition = {
  code: 'PHQ-9',
  name: t('患者健康问卷抑郁量表（PHQ-9）', 'Patient Health Questionnaire (PHQ-9)'),
  description: t(
    '9 个条目评估过去两周的抑郁症状，每题 0-3 分，总分 0-27 分。第 9 题（自伤念头）得分大于 0 时无论总分多少都需要立即关注。',
    'Nine items on depressive symptoms over the last two weeks, each 0-3, total 0-27. Any answer above 0 on item 9 (thoughts of self-harm) needs attention at once, whatever the total.',
  ),
  instructions,
  audience: 'student',
  languages: ['zh-CN', 'en'],
  options: twoWeeks,
  items: items([
    ['做事时提不起劲或没有兴趣', 'Little interest or pleasure in doing things'],
    ['感到心情低落、沮丧或绝望', 'Feeling down, depressed, or hopeless'],
    ['入睡困难、睡不安稳或睡眠过多', 'Trouble falling or staying asleep, or sleeping too much'],
    ['感觉疲倦或没有活力', 'Feeling tired or having little energy'],
    ['食欲不振或吃太多', 'Poor appetite or overeating'],
    [
      '觉得自己很糟，或觉得自己很失败，或让自己或家人失望',
      'Feeling bad about yourself, or that you are a failure or have let yourself or your family down',
    ],
    ['对事物专注有困难，例如阅读或看电视时', 'Trouble concentrating on things, such as reading or watching television'],
    [
      '动作或说话速度缓慢到别人已经察觉；或正好相反，烦躁或坐立不安、动来动去的情况比平常更多',
      'Moving or speaking so slowly that other people could have noticed; or the opposite, being so fidgety or restless that you have been moving around a lot more than usual',
    ],
    [
      '有不如死掉或用某种方式伤害自己的念头',
      'Thoughts that you would be better off dead, or of hurting yourself in some way',
    ],
  ]),
  scoring: { method: 'sum' },
  bands: [
    band(
      'minimal',
      0,
      4,
      t('无或极轻微抑郁', 'Minimal'),
      t('目前没有明显的抑郁症状。', 'No notable depressive symptoms now.'),
    ),
    band(
      'mild',
      5,
      9,
      t('轻度抑郁', 'Mild'),
      t('有轻度抑郁症状。', 'Mild depressive symptoms.'),
      t(
        '保持规律作息与运动，必要时与心理老师聊聊。',
        'Keep regular sleep and exercise; talk to the psychology teacher if it lasts.',
      ),
    ),
    band(
      'moderate',
      10,
      14,
      t('中度抑郁', 'Moderate'),
      t('有中度抑郁症状。', 'Moderate depressive symptoms.'),
      t('建议心理老师跟进约谈。', 'The psychology teacher should follow up with a talk.'),
    ),
    band(
      'moderatelySevere',
      15,
      19,
      t('中重度抑郁', 'Moderately severe'),
      t('有中重度抑郁症状。', 'Moderately severe depressive symptoms.'),
      seeProfessional,
    ),
    band(
      'severe',
      20,
      27,
      t('重度抑郁', 'Severe'),
      t('有重度抑郁症状。', 'Severe depressive symptoms.'),
      seeProfessional,
    ),
  ],
  factors: [],
  validity: [],
  flags: [
    {
      id: 'crisis',
      label: t('自伤念头（第 9 题）', 'Thoughts of self-harm (item 9)'),
      when: { kind: 'item', item: '9', op: 'gt', value: 0 },
    },
  ],
  warnings: [
    {
      id: 'selfHarm',
      level: 'red',
      when: { kind: 'flag', flag: 'crisis' },
      reason: t('PHQ-9 第 9 题报告有自伤念头', 'PHQ-9 item 9 reports thoughts of self-harm'),
    },
    {
      id: 'severe',
      level: 'red',
      when: { kind: 'band', bands: ['severe'] },
      reason: t('PHQ-9 重度抑郁（20 分及以上）', 'PHQ-9 severe depression (20 or more)'),
    },
    {
      id: 'moderatelySevere',
      level: 'orange',
      when: { kind: 'band', bands: ['moderatelySevere'] },
      reason: t('PHQ-9 中重度抑郁（15-19 分）', 'PHQ-9 moderately severe depression (15-19)'),
    },
    {
      id: 'moderate',
      level: 'yellow',
      when: { kind: 'band', bands: ['moderate'] },
      reason: t('PHQ-9 中度抑郁（10-14 分）', 'PHQ-9 moderate depression (10-14)'),
    },
  ],
};

/** GAD-7 (Spitzer et al., 2006): free to use. */
export const gad7: ScaleDefinition = {
  code: 'GAD-7',
  name: t('广泛性焦虑量表（GAD-7）', 'Generalized Anxiety Disorder scale (GAD-7)'),
  description: t(
    '7 个条目评估过去两周的焦虑症状，每题 0-3 分，总分 0-21 分，以 5、10、15 分为界。',
    'Seven items on anxiety over the last two weeks, each 0-3, total 0-21, with cut points at 5, 10 and 15.',
  ),
  instructions,
  audience: 'student',
  languages: ['zh-CN', 'en'],
  options: twoWeeks,
  items: items([
    ['感觉紧张、焦虑或急切', 'Feeling nervous, anxious, or on edge'],
    ['不能够停止或控制担忧', 'Not being able to stop or control worrying'],
    ['对各种各样的事情担忧过多', 'Worrying too much about different things'],
    ['很难放松下来', 'Trouble relaxing'],
    ['由于不安而无法静坐', 'Being so restless that it is hard to sit still'],
    ['变得容易烦恼或急躁', 'Becoming easily annoyed or irritable'],
    ['感到似乎将有可怕的事情发生而害怕', 'Feeling afraid, as if something awful might happen'],
  ]),
  scoring: { method: 'sum' },
  bands: [
    band('minimal', 0, 4, t('无或极轻微焦虑', 'Minimal'), t('目前没有明显的焦虑症状。', 'No notable anxiety now.')),
    band('mild', 5, 9, t('轻度焦虑', 'Mild'), t('有轻度焦虑症状。', 'Mild anxiety.')),
    band(
      'moderate',
      10,
      14,
      t('中度焦虑', 'Moderate'),
      t('有中度焦虑症状。', 'Moderate anxiety.'),
      t('建议心理老师跟进约谈。', 'The psychology teacher should follow up with a talk.'),
    ),
    band('severe', 15, 21, t('重度焦虑', 'Severe'), t('有重度焦虑症状。', 'Severe anxiety.'), seeProfessional),
  ],
  factors: [],
  validity: [],
  flags: [],
  warnings: [
    {
      id: 'severe',
      level: 'orange',
      when: { kind: 'band', bands: ['severe'] },
      reason: t('GAD-7 重度焦虑（15 分及以上）', 'GAD-7 severe anxiety (15 or more)'),
    },
    {
      id: 'moderate',
      level: 'yellow',
      when: { kind: 'band', bands: ['moderate'] },
      reason: t('GAD-7 中度焦虑（10-14 分）', 'GAD-7 moderate anxiety (10-14)'),
    },
  ],
};

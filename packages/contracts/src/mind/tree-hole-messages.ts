/** Messages of the AI mood tree hole, in every language (decision 0111). */
export const treeHoleMessages = {
  'v.treeHole.empty': { 'zh-CN': '请先写下想说的话', en: 'Write something first' },
  'v.treeHole.tooLong': {
    'zh-CN': '一条消息最多 2000 字，请分几次发送',
    en: 'A message can be at most 2,000 characters: send it in a few parts',
  },
  'treeHole.notStudent': {
    'zh-CN': '心情树洞只对学生开放',
    en: 'The mood tree hole is for students',
  },
  'treeHole.notFound': { 'zh-CN': '找不到这段对话', en: 'This conversation was not found' },
  'treeHole.cut': {
    'zh-CN': '回复说到一半断开了。你的话已经保存，点“再问一次”就能得到完整的回复',
    en: 'The answer was cut off midway. Your message is kept: press “Ask again” for a whole answer',
  },
  'treeHole.answered': {
    'zh-CN': '这段对话的最后一句已经有回复了',
    en: 'The last message of this conversation already has an answer',
  },
  'treeHole.crisisReason': {
    'zh-CN': '心情树洞中出现危机信号：{categories}',
    en: 'Crisis signs in the mood tree hole: {categories}',
  },
  'treeHole.plainAnswer': {
    'zh-CN':
      '谢谢你愿意说出来，我在这里听着。你的感受很重要。如果难受的感觉一直在，可以找学校的心理老师聊聊，也可以拨打心理援助热线 {hotline}。',
    en: 'Thank you for telling me; I am here and listening. How you feel matters. If it keeps weighing on you, talk to your school’s counsellor, or call the help line {hotline}.',
  },
} as const;

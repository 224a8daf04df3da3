/** Messages of the AI interview assessments, in every language (decision 0102). */
export const aiInterviewMessages = {
  'v.task.mode': {
    'zh-CN': '请选择作答方式；AI 访谈只用于学生测评',
    en: 'Choose how students answer; AI interviews are for student tasks only',
  },
  'v.interview.empty': { 'zh-CN': '请先输入您的回答', en: 'Type your answer first' },
  'v.interview.tooLong': {
    'zh-CN': '一条消息最多 1000 字，请分几次说，或说得简短一些',
    en: 'A message can be at most 1,000 characters: say it in a few shorter messages',
  },
  'interview.notInterview': {
    'zh-CN': '这项测评请按问卷作答',
    en: 'This assessment is answered as a questionnaire',
  },
  'interview.notStarted': { 'zh-CN': '请先开始访谈', en: 'Start the interview first' },
  'interview.nothingToConfirm': {
    'zh-CN': '这道题已经确认过了，请回答当前的问题',
    en: 'That question is already confirmed: answer the current one',
  },
  'interview.notAnOption': {
    'zh-CN': '请选择本题的一个选项',
    en: 'Choose one of the options of this question',
  },
  'interview.unclear': {
    'zh-CN': '抱歉，我没能把您的回答对应到选项上。可以换个说法再说一次，或直接点选下面最接近的选项。',
    en: 'Sorry, I could not match your answer to an option. Say it another way, or tap the option below that fits best.',
  },
  'interview.understood': {
    'zh-CN': '我理解您的意思是：“{label}”。对吗？',
    en: 'I understood: “{label}”. Is that right?',
  },
  'interview.ask': { 'zh-CN': '第 {no} 题：{text}', en: 'Question {no}: {text}' },
  'interview.done': {
    'zh-CN': '所有问题都回答完了，谢谢您！请提交。',
    en: 'That was the last question, thank you! Please submit.',
  },
  'interview.crisisReason': {
    'zh-CN': 'AI 访谈中的话语涉及{categories}，需立即关注',
    en: 'Words in an AI interview suggest {categories}: needs attention now',
  },
  'interview.unavailable.notSet': {
    'zh-CN': '学校尚未配置 AI 接口，AI 访谈暂不可用；您可以直接点选每题的选项完成测评',
    en: 'No AI endpoint is set up, so the interviewer cannot talk now; you can answer each question by tapping its options',
  },
  'interview.unavailable.off': {
    'zh-CN': 'AI 功能已关闭，AI 访谈暂不可用；您可以直接点选每题的选项完成测评',
    en: 'AI is turned off, so the interviewer cannot talk now; you can answer each question by tapping its options',
  },
  'interview.unavailable.noLegalBasis': {
    'zh-CN': '本校尚未记录发送学生资料的法律依据，AI 访谈不可用；您可以直接点选每题的选项完成测评',
    en: 'Your school has not recorded a legal basis for sending student text, so the interviewer is off; you can answer each question by tapping its options',
  },
  'interview.unavailable.overBudget': {
    'zh-CN': '本校今天的 AI 额度已用完，明天再试；您也可以直接点选每题的选项完成测评',
    en: "Your school's AI budget for today is used up: try tomorrow, or answer each question by tapping its options",
  },
  'interview.correctionRaised': {
    'zh-CN': 'AI 测评结果经教师更正，总分由 {from} 变为 {to}，预警等级随之提高',
    en: "A teacher corrected the AI assessment's mapping: the total went from {from} to {to} and the warning level rose",
  },
  'interview.correctionLowered': {
    'zh-CN':
      'AI 测评结果经教师更正，总分由 {from} 变为 {to}，按量表已低于本预警等级；预警未自动关闭，请处理人评估后决定是否调整或解除',
    en: "A teacher corrected the AI assessment's mapping: the total went from {from} to {to}, below this warning's level on the scale. The warning was not closed by itself: its handler decides whether to lower or solve it",
  },
  'interview.resultNotFound': {
    'zh-CN': '没有找到该 AI 测评结果，或您无权查看',
    en: 'No such AI assessment result, or it is not yours to see',
  },
} as const;

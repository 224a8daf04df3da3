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
  'aiImport.file.name': {
    'zh-CN': 'AI 访谈导入 {date}',
    en: 'AI interview import {date}',
  },
  'aiImport.file.template': { 'zh-CN': 'AI访谈记录导入模板', en: 'AI interview import template' },
  'aiImport.task.name': { 'zh-CN': 'AI 访谈导入 {date}', en: 'AI interview import {date}' },
  'aiImport.col.studentId': { 'zh-CN': '学生ID', en: 'Student ID' },
  'aiImport.col.studentNo': { 'zh-CN': '学号', en: 'Student number' },
  'aiImport.col.scale': { 'zh-CN': '量表编码', en: 'Scale code' },
  'aiImport.col.date': { 'zh-CN': '日期', en: 'Date' },
  'aiImport.col.transcript': { 'zh-CN': '对话记录', en: 'Transcript' },
  'aiImport.col.item': { 'zh-CN': '第{no}题', en: 'Item {no}' },
  'aiImport.col.row': { 'zh-CN': '行号', en: 'Row' },
  'aiImport.col.outcome': { 'zh-CN': '结果', en: 'Outcome' },
  'aiImport.col.reason': { 'zh-CN': '原因', en: 'Reason' },
  'aiImport.col.scaleName': { 'zh-CN': '量表名称', en: 'Scale' },
  'aiImport.col.items': { 'zh-CN': '题数', en: 'Items' },
  'aiImport.col.options': { 'zh-CN': '选项（填写值或名称）', en: 'Options (write the value or the label)' },
  'aiImport.sheet.records': { 'zh-CN': '访谈记录', en: 'Records' },
  'aiImport.sheet.scales': { 'zh-CN': '量表说明', en: 'Scales' },
  'aiImport.sheet.report': { 'zh-CN': '导入结果', en: 'Import report' },
  'aiImport.imported': { 'zh-CN': '已导入，总分 {total}', en: 'Imported, total {total}' },
  'aiImport.refused': { 'zh-CN': '未导入', en: 'Not imported' },
  'aiImport.summary': {
    'zh-CN': '共 {total} 行：导入 {imported} 行，未导入 {refused} 行',
    en: '{total} rows: {imported} imported, {refused} not imported',
  },
  'aiImport.noStudent': {
    'zh-CN': '请填写学生ID或学号',
    en: "Give the student's ID or student number",
  },
  'aiImport.studentNotFound': {
    'zh-CN': '您的管理范围内没有该学生（{who}）',
    en: 'No student {who} in your scope',
  },
  'aiImport.studentAmbiguous': {
    'zh-CN': '学号 {no} 对应多名学生，请填写学生ID',
    en: 'Several students have the number {no}; give the student ID instead',
  },
  'aiImport.noScale': { 'zh-CN': '请填写量表编码', en: 'Give the scale code' },
  'aiImport.scaleNotFound': {
    'zh-CN': '没有已发布的量表编码为 {code}',
    en: 'No published scale has the code {code}',
  },
  'aiImport.badDate': {
    'zh-CN': '日期“{date}”无效，请按 YYYY-MM-DD 填写，且不晚于今天',
    en: 'The date "{date}" is not valid: write it as YYYY-MM-DD, not later than today',
  },
  'aiImport.itemMissing': { 'zh-CN': '第{no}题未填写', en: 'Item {no} is not answered' },
  'aiImport.notAnOption': {
    'zh-CN': '第{no}题的“{value}”不是该题的选项',
    en: 'Item {no}: "{value}" is not one of its options',
  },
  'aiImport.extraItem': {
    'zh-CN': '该量表只有 {count} 题，第{no}题不应填写',
    en: 'The scale has {count} items; item {no} should be empty',
  },
  'aiImport.transcriptLong': {
    'zh-CN': '对话记录超过 {max} 字',
    en: 'The transcript is longer than {max} characters',
  },
  'aiImport.repeated': {
    'zh-CN': '与第{other}行重复（同一学生、量表和日期）',
    en: 'Repeats row {other} (the same student, scale and date)',
  },
  'aiImport.stopped': { 'zh-CN': '导入文件已不可读取', en: 'The uploaded file can no longer be read' },
  'interview.resultNotFound': {
    'zh-CN': '没有找到该 AI 测评结果，或您无权查看',
    en: 'No such AI assessment result, or it is not yours to see',
  },
} as const;

/** Messages of home-visit tasks and records, in every language. */
export const homeVisitsMessages = {
  'v.visitTask.name': { 'zh-CN': '任务名称为 1-50 个字符', en: 'Task name: 1-50 characters' },
  'v.visitTask.questions': { 'zh-CN': '家访表单须有 1-50 道题', en: 'A visit form has 1 to 50 questions' },
  'v.visitTask.questionId': {
    'zh-CN': '题目编号为 1-20 个字符，且不能重复',
    en: 'Question ids: 1-20 characters, each used once',
  },
  'v.visitTask.questionTitle': { 'zh-CN': '题目为 1-100 个字符', en: 'Question: 1-100 characters' },
  'v.visitTask.questionType': {
    'zh-CN': '题型应为填空、单选或多选',
    en: 'A question is text, single choice or multiple choice',
  },
  'v.visitTask.options': {
    'zh-CN': '选择题须有 2-10 个不重复的选项（每项不超过 50 个字符），填空题没有选项',
    en: 'A choice question has 2 to 10 different options (up to 50 characters each); a text question has none',
  },
  'v.visitTask.targets': {
    'zh-CN': '请选择家访的班级或学生（最多 5000 个）',
    en: 'Choose the classes or students to visit (at most 5,000)',
  },
  'v.visitTask.window': {
    'zh-CN': '请设置家访时间，结束时间须晚于开始时间',
    en: 'Set the visiting window; it must end after it starts',
  },
  'visitTask.notFound': { 'zh-CN': '家访任务不存在', en: 'No such home-visit task' },
  'visitTask.targetOutside': {
    'zh-CN': '家访对象须在您管理的范围内',
    en: 'The classes and students to visit must lie within the organisations you manage',
  },
  'visitTask.hasVisits': {
    'zh-CN': '该任务已有家访记录，不能删除',
    en: 'This task already has visit records; it cannot be deleted',
  },
  'visitTask.formLocked': {
    'zh-CN': '该任务已有家访记录，不能再修改家访表单的题目',
    en: 'This task already has visit records; its form questions can no longer change',
  },
  'v.visit.time': { 'zh-CN': '请选择家访时间', en: 'Choose when the visit took place' },
  'v.visit.future': { 'zh-CN': '家访时间不能晚于现在', en: 'A visit cannot be recorded in the future' },
  'v.visit.way': {
    'zh-CN': '请选择家访方式：入户、电话、视频或到校',
    en: 'Choose how: at home, by phone, by video or at school',
  },
  'v.visit.place': { 'zh-CN': '地点不超过 100 个字符', en: 'Place: up to 100 characters' },
  'v.visit.people': { 'zh-CN': '参与人员为 1-100 个字符', en: 'People present: 1-100 characters' },
  'v.visit.summary': { 'zh-CN': '家访情况为 1-2000 个字符', en: 'Visit summary: 1-2000 characters' },
  'v.visit.answer': { 'zh-CN': '答案过长或选项过多', en: 'An answer is too long or has too many options' },
  'visit.notFound': { 'zh-CN': '家访记录不存在', en: 'No such home visit' },
  'visit.notTarget': {
    'zh-CN': '该学生不在此家访任务的对象中',
    en: 'This student is not among the students this task visits',
  },
  'visit.outsideWindow': {
    'zh-CN': '家访时间须在任务时间范围内',
    en: 'The visit must fall within the task’s window',
  },
  'visit.answerMissing': { 'zh-CN': '请回答：{question}', en: 'Please answer: {question}' },
  'visit.answerInvalid': {
    'zh-CN': '“{question}”的答案应为其选项之一',
    en: 'The answer to “{question}” must be one of its options',
  },
  'visit.answerUnknown': { 'zh-CN': '家访表单中没有这道题', en: 'The visit form has no such question' },
  'visit.export.sheet': { 'zh-CN': '家访记录', en: 'Home visits' },
} as const;

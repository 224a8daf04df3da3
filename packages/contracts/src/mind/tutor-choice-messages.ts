/** Messages of tutor-choice tasks, in every language. */
export const tutorChoiceMessages = {
  'v.tutorTask.name': { 'zh-CN': '任务名称为 1-50 个字符', en: 'Task name: 1-50 characters' },
  'v.tutorTask.rounds': { 'zh-CN': '轮次为 1-5', en: 'Rounds: 1 to 5' },
  'v.tutorTask.classes': { 'zh-CN': '请选择 1-500 个班级', en: 'Choose 1 to 500 classes' },
  'v.tutorTask.tutors': { 'zh-CN': '请选择 1-200 位不重复的导师', en: 'Choose 1 to 200 different tutors' },
  'v.tutorTask.quota': { 'zh-CN': '每位导师名额为 1-500', en: 'Places per tutor: 1 to 500' },
  'v.tutorTask.window': { 'zh-CN': '结束时间须晚于开始时间', en: 'The choice must close after it opens' },
  'tutorTask.notFound': { 'zh-CN': '导师选择任务不存在', en: 'No such tutor-choice task' },
  'tutorTask.outside': {
    'zh-CN': '班级和导师须在你管理的学校内',
    en: 'The classes and tutors must belong to the school you manage',
  },
  'tutorTask.notForYou': { 'zh-CN': '这个导师选择任务不面向你', en: 'This tutor choice is not open to you' },
  'tutorTask.closed': { 'zh-CN': '不在选择时间内，未能选择', en: 'The choice is not open now; nothing was chosen' },
  'tutorTask.alreadyChosen': {
    'zh-CN': '你已经选过导师了，无需重复提交',
    en: 'You have already chosen a tutor; nothing was submitted twice',
  },
  'tutorTask.full': {
    'zh-CN': '这位导师的名额刚刚满了，请选择其他导师',
    en: 'This tutor’s places have just been taken; choose another tutor',
  },
  'tutorTask.notYourChoice': {
    'zh-CN': '只有被选择的导师可以确认或拒绝',
    en: 'Only the chosen tutor can confirm or decline',
  },
  'tutorTask.export.sheet': { 'zh-CN': '导师选择结果', en: 'Tutor choices' },
  'tutorTask.decided': { 'zh-CN': '这条选择已经处理过了', en: 'This choice has already been answered' },
} as const;

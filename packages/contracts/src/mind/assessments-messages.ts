/** Messages of assessment tasks, answering, results and warnings, in every language. */
export const assessmentsMessages = {
  'v.task.name': { 'zh-CN': '任务名称为 1-50 个字符', en: 'Task name: 1-50 characters' },
  'v.task.kind': {
    'zh-CN': '请选择测评对象：学生、教师或他评',
    en: 'Choose who answers: students, teachers or another rater',
  },
  'v.task.rater': {
    'zh-CN': '他评任务须选择评定人（班主任或家长），其他任务不选',
    en: 'An other-rater task needs a rater (class teacher or parent); other tasks take none',
  },
  'v.task.scales': { 'zh-CN': '请选择 1-10 个量表', en: 'Choose 1 to 10 scales' },
  'v.task.window': {
    'zh-CN': '请设置测评时间，结束时间须晚于开始时间',
    en: 'Set the answering window; it must end after it starts',
  },
  'v.task.maxMinutes': { 'zh-CN': '最长作答时间为 1-600 分钟', en: 'Maximum answering time: 1 to 600 minutes' },
  'v.task.targets': {
    'zh-CN': '测评对象过多，请按学校、年级或班级选择',
    en: 'Too many targets; choose schools, grades or classes instead',
  },
  'v.answer.value': { 'zh-CN': '答案应为所选选项', en: 'An answer is the value of the chosen option' },
  'v.answer.item': { 'zh-CN': '题目编号不正确', en: 'The question id is not valid' },
  'v.answer.tooMany': { 'zh-CN': '一次最多保存 500 道题的答案', en: 'At most 500 answers per save' },

  'task.notFound': { 'zh-CN': '测评任务不存在', en: 'No such assessment task' },
  'task.noTargets': { 'zh-CN': '请选择测评对象', en: 'Choose whom the task reaches' },
  'task.targetOutside': {
    'zh-CN': '测评对象须在您管理的范围内',
    en: 'The targets must lie within the organisations you manage',
  },
  'task.kindTargets': {
    'zh-CN': '教师测评只能选择教师，学生测评和他评不能选择教师',
    en: 'A teacher task reaches teachers only; student and other-rater tasks reach no teachers',
  },
  'task.notDraft': { 'zh-CN': '任务已发布，不能再修改', en: 'The task has been published and can no longer be edited' },
  'task.badState': {
    'zh-CN': '任务当前为“{state}”，不能执行此操作',
    en: 'The task is {state}; this cannot be done now',
  },
  'task.notYours': {
    'zh-CN': '该任务由上级单位发布，学校无权暂停、结束或删除',
    en: 'This task was published by a higher authority; a school cannot pause, end or delete it',
  },
  'task.noAssignees': {
    'zh-CN': '所选对象中没有可参加测评的人员',
    en: 'None of the chosen targets has anyone to take the assessment',
  },
  'task.hasResults': {
    'zh-CN': '任务已有测评结果，不能删除，请结束任务',
    en: 'The task has results and cannot be deleted; end it instead',
  },
  'taskSync.notPublisher': {
    'zh-CN': '只有发布该任务的教育局人员可以将其同步到学校',
    en: 'Only the staff of the bureau that published this task may sync it to its schools',
  },
  'taskSync.notBureau': {
    'zh-CN': '只有教育局的任务可以同步到学校',
    en: 'Only a bureau’s task is synced to schools',
  },
  'taskSync.notDraft': {
    'zh-CN': '该任务已由教育局直接发布，不能再同步到学校',
    en: 'This task was published by the bureau directly; it can no longer be synced to schools',
  },
  'taskSync.synced': {
    'zh-CN': '该任务已同步到学校，由各校的任务发布',
    en: 'This task has been synced to its schools; each school’s copy is what is published',
  },
  'taskSync.copy': {
    'zh-CN': '该任务由教育局同步而来，只有教育局可以撤回',
    en: 'This task was synced from the bureau; only the bureau can withdraw it',
  },
  'taskSync.kept': {
    'zh-CN': '已撤回 {withdrawn} 所学校的任务；{kept} 所学校已有学生开始作答，其任务保留',
    en: 'Withdrawn from {withdrawn} schools; {kept} schools have students who started answering, and their tasks are kept',
  },
  'taskSync.withdrawn': {
    'zh-CN': '已撤回 {withdrawn} 所学校的任务，并删除该任务',
    en: 'Withdrawn from {withdrawn} schools, and the task deleted',
  },
  'task.state.draft': { 'zh-CN': '草稿', en: 'a draft' },
  'task.state.published': { 'zh-CN': '进行中', en: 'published' },
  'task.state.paused': { 'zh-CN': '已暂停', en: 'paused' },
  'task.state.ended': { 'zh-CN': '已结束', en: 'ended' },

  'sheet.notAssigned': {
    'zh-CN': '您没有这项测评任务，请从“我的测评”进入',
    en: 'This assessment is not assigned to you; open it from your assessments',
  },
  'sheet.forAnother': {
    'zh-CN': '只能为自己作答，不能替其他同学作答',
    en: 'You can only answer for yourself, not for another student',
  },
  'sheet.notOpen': {
    'zh-CN': '测评任务未开放（未发布、已暂停或已结束）',
    en: 'The task is not open (not published, paused or ended)',
  },
  'sheet.notStarted': {
    'zh-CN': '测评尚未开始，开始时间：{at}',
    en: 'The assessment has not started yet; it opens at {at}',
  },
  'sheet.closed': {
    'zh-CN': '测评已截止，不能再提交',
    en: 'The answering window has closed; answers can no longer be submitted',
  },
  'sheet.done': {
    'zh-CN': '您已完成该量表，本任务不允许重测',
    en: 'You have already completed this scale and the task does not allow a retest',
  },
  'sheet.timeUp': {
    'zh-CN': '已超过最长作答时间 {minutes} 分钟，不能提交',
    en: 'The maximum answering time of {minutes} minutes has passed; the sheet cannot be submitted',
  },
  'sheet.incomplete': {
    'zh-CN': '答卷未完成或有无效答案，请检查后再提交',
    en: 'The sheet is incomplete or has invalid answers; check it and submit again',
  },

  'sheet.void': {
    'zh-CN': '本次作答未通过有效性检验，结果仅供参考，请联系心理老师',
    en: 'This sheet did not pass the validity check; the result is for reference only, talk to your psychology teacher',
  },
  'result.notFound': { 'zh-CN': '测评结果不存在', en: 'No such assessment result' },
  'result.otherScale': {
    'zh-CN': '该结果不是此量表的结果',
    en: 'This result is not a result of this scale',
  },

  'report.male': { 'zh-CN': '男', en: 'Male' },
  'report.female': { 'zh-CN': '女', en: 'Female' },
  'todo.remind.title': { 'zh-CN': '请完成测评：{task}', en: 'Please complete the assessment: {task}' },
  'todo.warning.title': {
    'zh-CN': '新预警：{student}（{level}）',
    en: 'New warning: {student} ({level})',
  },
} as const;

/** Messages of the warning workflow and interventions, in every language. */
export const interventionsMessages = {
  'v.warning.reason': { 'zh-CN': '请填写原因（1-500 个字符）', en: 'Give the reason (1-500 characters)' },
  'v.warning.conclusion': {
    'zh-CN': '请填写处理结论（1-500 个字符）',
    en: 'Write the conclusion (1-500 characters)',
  },
  'v.warning.source': {
    'zh-CN': '请选择来源：教师上报或日常观察',
    en: "Choose the source: a teacher's report or an observation",
  },
  'v.warning.sourceType': { 'zh-CN': '预警来源不正确', en: 'Not a warning source' },
  'v.warning.state': { 'zh-CN': '预警状态不正确', en: 'Not a warning state' },
  'v.warning.handoverTo': {
    'zh-CN': '请选择移交给他人或上报上级',
    en: 'Choose to hand over to a person or to a higher level',
  },
  'v.warning.handoverUser': { 'zh-CN': '请选择接收人', en: 'Choose who receives the warning' },
  'v.warningLevel.code': {
    'zh-CN': '等级编码以小写字母开头，最多 20 个字母或数字',
    en: 'A level code starts with a lower-case letter: at most 20 letters or digits',
  },
  'v.warningLevel.name': { 'zh-CN': '等级名称为 1-20 个字符', en: 'Level name: 1-20 characters' },
  'v.warningLevel.colour': { 'zh-CN': '颜色格式为 #RRGGBB', en: 'Colour as #RRGGBB' },
  'v.warningLevel.rank': { 'zh-CN': '排序为 1-10，1 最严重', en: 'Order: 1 to 10, 1 the most severe' },
  'v.warningLevel.count': { 'zh-CN': '请设置 1-10 个预警等级', en: 'Set 1 to 10 warning levels' },
  'v.warningLevel.duplicate': { 'zh-CN': '等级编码不能重复', en: 'Each level needs its own code' },
  'v.warningLevel.duplicateRank': { 'zh-CN': '等级排序不能重复', en: 'Each level needs its own order' },
  'v.intervene.kind': {
    'zh-CN': '请选择记录类型：访谈、干预方案、回访或转介',
    en: 'Choose the kind: interview, plan, return visit or referral',
  },
  'v.intervene.happenedAt': { 'zh-CN': '请填写时间', en: 'Give the time' },
  'v.intervene.content': { 'zh-CN': '请填写内容（1-2000 个字符）', en: 'Write the content (1-2000 characters)' },
  'v.intervene.text': { 'zh-CN': '最多 2000 个字符', en: 'At most 2000 characters' },
  'v.intervene.attachments': { 'zh-CN': '最多 9 个附件', en: 'At most 9 attachments' },
  'v.intervene.followUp': {
    'zh-CN': '下次跟进时间须晚于本次时间',
    en: 'The next follow-up must come after this record',
  },
  'v.interview.placePeople': {
    'zh-CN': '访谈记录请填写地点和参与人员',
    en: 'An interview needs its place and the people present',
  },
  'v.returnVisit.method': {
    'zh-CN': '请选择回访方式：电话、面谈、线上或家长',
    en: 'Choose how the return visit was made: phone, visit, online or through a parent',
  },
  'v.referral.institution': { 'zh-CN': '转介请填写转介机构', en: 'A referral needs the institution' },
  'v.reminder.everyDays': { 'zh-CN': '跟进周期为 1-90 天', en: 'Follow up every 1 to 90 days' },
  'v.reminder.before': { 'zh-CN': '提前提醒为 0-72 小时', en: 'Remind 0 to 72 hours before' },
  'v.reminder.rules': { 'zh-CN': '最多 10 条提醒规则', en: 'At most 10 reminder rules' },
  'v.reminder.duplicate': { 'zh-CN': '每个预警等级只能设置一条规则', en: 'One rule per warning level' },
  'v.todo.status': { 'zh-CN': '状态应为已办或待办', en: 'The status is done or open' },

  'warning.notFound': { 'zh-CN': '预警不存在', en: 'No such warning' },
  'warning.studentNotFound': { 'zh-CN': '学生不存在', en: 'No such student' },
  'warning.notNow': {
    'zh-CN': '预警当前状态不允许此操作，请刷新后重试',
    en: "This step cannot be taken in the warning's present state; refresh the page",
  },
  'warning.levelUnknown': {
    'zh-CN': '没有这个预警等级，请选择已配置的等级',
    en: 'No such warning level; choose one of the configured levels',
  },
  'warning.levelSame': { 'zh-CN': '预警等级没有变化', en: 'The warning already has this level' },
  'warning.levelInUse': {
    'zh-CN': '仍有未结束的预警使用等级 {level}，不能删除',
    en: 'Open warnings still have the level {level}; it cannot be removed',
  },
  'warning.psychologyTeacher': {
    'zh-CN': '请选择本校在职的心理老师',
    en: "Choose an active psychology teacher of the student's school",
  },
  'warning.teacher': {
    'zh-CN': '请选择本校在职且已开通账号的教师',
    en: "Choose an active teacher of the student's school who has an account",
  },
  'warning.handoverSelf': {
    'zh-CN': '接收人已是该预警的负责人',
    en: 'This person already handles the warning',
  },
  'warning.noHigher': {
    'zh-CN': '该学校没有上级教育局，不能上报',
    en: 'This school has no bureau above it to hand the warning to',
  },
  'warning.notHandler': {
    'zh-CN': '只有负责该预警的老师或有分派权限的人员可以处理',
    en: 'Only the teachers handling this warning, or someone who assigns warnings, can do this',
  },
  'warning.retryNothing': { 'zh-CN': '没有推送失败的通知需要重试', en: 'No failed notice to send again' },
  'warning.pushNobody': {
    'zh-CN': '没有可接收通知的负责人',
    en: 'Nobody to notify: the warning has no handler with an account',
  },
  'intervene.closed': {
    'zh-CN': '预警已结束或尚未发布，不能添加干预记录',
    en: 'Records can be added only to a published warning that is not closed',
  },
  'intervene.attachment': {
    'zh-CN': '附件不存在，请重新上传',
    en: 'An attachment was not found; upload it again',
  },
  'todo.notFound': { 'zh-CN': '待办不存在', en: 'No such to-do' },
  'todo.warning.publish': { 'zh-CN': '请发布预警：{student}', en: 'Publish the warning about {student}' },
  'todo.warning.handle': {
    'zh-CN': '请跟进预警：{student}（{level}）',
    en: 'Follow up the warning about {student} ({level})',
  },
  'todo.warning.escalated': {
    'zh-CN': '学校上报的预警：{student}',
    en: 'A warning handed up by the school: {student}',
  },
  'todo.warning.followUp': {
    'zh-CN': '预警跟进即将到期：{student}',
    en: 'A follow-up is due: {student}',
  },
  'todo.warning.note': {
    'zh-CN': '请复核预警：{student} 的 AI 访谈结果被更正，总分 {from} → {to}，已低于预警等级',
    en: "Review the warning about {student}: a correction of the AI interview took the total from {from} to {to}, below the warning's level",
  },
  'notice.warning.published': {
    'zh-CN': '您负责的预警已发布：{student}（{level}）',
    en: 'A warning you handle was published: {student} ({level})',
  },
};

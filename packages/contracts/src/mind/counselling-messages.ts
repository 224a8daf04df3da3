/** Messages of group and individual counselling, in every language. */
export const counsellingMessages = {
  'v.counsellingGroup.title': { 'zh-CN': '团体名称为 1-50 个字符', en: 'Group name: 1-50 characters' },
  'v.counsellingGroup.topic': { 'zh-CN': '辅导主题为 1-100 个字符', en: 'Topic: 1-100 characters' },
  'v.counsellingGroup.plan': { 'zh-CN': '活动方案为 1-2000 个字符', en: 'Plan: 1-2000 characters' },
  'v.counsellingGroup.sessions': { 'zh-CN': '活动次数为 1-50 次', en: 'Sessions: 1 to 50' },
  'v.counsellingGroup.members': {
    'zh-CN': '请选择 1-60 名不重复的学生',
    en: 'Choose 1 to 60 students, each once',
  },
  'counsellingGroup.notFound': { 'zh-CN': '团体辅导不存在', en: 'No such counselling group' },
  'counsellingGroup.memberOutside': {
    'zh-CN': '成员须为您管理范围内同一所学校的学生',
    en: 'Members must be students of one school within your scope',
  },
  'counsellingGroup.reviewed': {
    'zh-CN': '该申请已审核，不能再修改或审核',
    en: 'This application has been reviewed; it cannot be changed or reviewed again',
  },
  'v.home.week': {
    'zh-CN': '请提供本周的起止时间（不超过 7 天）',
    en: 'Give the start and end of this week (7 days at most)',
  },
  'counsellingGroup.ownApplication': {
    'zh-CN': '不能审核自己提交的申请，请由学校其他审核人审核',
    en: 'You cannot review your own application; another reviewer of the school will',
  },
  'counsellingGroup.notApproved': {
    'zh-CN': '申请通过后才能记录活动',
    en: 'Sessions can be recorded once the application is approved',
  },
  'counsellingGroup.absentNotMember': {
    'zh-CN': '缺席学生须为本团体成员',
    en: 'Absent students must be members of the group',
  },
  'v.review.note': {
    'zh-CN': '审核意见不超过 500 个字符；不通过时须填写原因',
    en: 'Review note: up to 500 characters; say why when refusing',
  },
  'v.session.time': { 'zh-CN': '请选择活动时间', en: 'Choose when the session was held' },
  'v.session.place': { 'zh-CN': '地点为 1-100 个字符', en: 'Place: 1-100 characters' },
  'v.session.content': { 'zh-CN': '活动内容为 1-2000 个字符', en: 'Session content: 1-2000 characters' },
  'v.appointment.wantedAt': { 'zh-CN': '请选择期望的咨询时间', en: 'Choose when the student would like to come' },
  'v.appointment.reason': { 'zh-CN': '咨询原因为 1-2000 个字符', en: 'Reason: 1-2000 characters' },
  'v.appointment.sessionAt': { 'zh-CN': '同意预约时请安排咨询时间', en: 'When approving, set the session time' },
  'v.appointment.summary': { 'zh-CN': '咨询记录为 1-2000 个字符', en: 'Session record: 1-2000 characters' },
  'v.appointment.rating': { 'zh-CN': '评分为 1-5 分', en: 'Rating: 1 to 5' },
  'v.appointment.comment': { 'zh-CN': '评价不超过 500 个字符', en: 'Comment: up to 500 characters' },
  'v.appointment.cancelReason': {
    'zh-CN': '请填写取消原因（不超过 500 个字符）',
    en: 'Say why it is cancelled (up to 500 characters)',
  },
  'v.note.content': { 'zh-CN': '笔记为 1-2000 个字符', en: 'Note: 1-2000 characters' },
  'appointment.notFound': { 'zh-CN': '预约记录不存在', en: 'No such appointment' },
  'appointment.state': {
    'zh-CN': '该预约{state}，现在不能进行此操作',
    en: 'This appointment is {state}; this cannot be done now',
  },
  'appointment.state.requested': { 'zh-CN': '待审核', en: 'waiting for review' },
  'appointment.state.approved': { 'zh-CN': '已同意', en: 'approved' },
  'appointment.state.rejected': { 'zh-CN': '未通过', en: 'refused' },
  'appointment.state.done': { 'zh-CN': '已完成', en: 'done' },
  'appointment.state.cancelled': { 'zh-CN': '已取消', en: 'cancelled' },
  'appointment.notCounsellor': {
    'zh-CN': '只有接待该预约的咨询老师可以记录咨询',
    en: 'Only the counsellor who took the appointment can record its session',
  },
  'appointment.rateOnlyDone': { 'zh-CN': '咨询完成后才能评价', en: 'A session can be rated once it is done' },
} as const;

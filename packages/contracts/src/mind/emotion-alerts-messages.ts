/** Messages of emotion alerts and the behaviour journal, in every language. */
export const emotionAlertMessages = {
  'emotionAlert.badRange': { 'zh-CN': '请选择不超过 400 天的日期范围', en: 'Choose a date range of at most 400 days' },
  'emotionAlert.notFound': {
    'zh-CN': '找不到这条情绪预警，可能不在你的管理范围内',
    en: 'This emotion alert was not found, or is outside the schools you manage',
  },
  'emotionAlert.handled': {
    'zh-CN': '这条情绪预警已经处理过了，请刷新查看处理记录',
    en: 'This emotion alert was handled already; refresh to see what was done',
  },
  'emotionAlert.level.attention': { 'zh-CN': '关注', en: 'attention' },
  'emotionAlert.level.serious': { 'zh-CN': '严重', en: 'serious' },
  'emotionAlert.sms': {
    'zh-CN': '{school}{className}{day}情绪预警（{level}），请及时关注',
    en: 'Emotion alert ({level}) for {school} {className} on {day}: please look into it',
  },
  'emotionAlert.notSchool': { 'zh-CN': '请选择你管理的学校', en: 'Choose a school you manage' },
  'v.emotionAlert.note': {
    'zh-CN': '请填写处理说明（不超过 500 字）',
    en: 'Write what was done (at most 500 characters)',
  },
  'v.emotionAlert.threshold': {
    'zh-CN': '预警阈值须在 5% 到 95% 之间',
    en: 'The alert threshold must be between 5% and 95%',
  },
  'journal.sheet': { 'zh-CN': '行为日志', en: 'Behaviour journal' },
  'journal.step.solve': { 'zh-CN': '{location}{type}已解决：{result}', en: '{type} at {location} solved: {result}' },
  'journal.step.falseAlarm': {
    'zh-CN': '{location}{type}标记为误报：{result}',
    en: '{type} at {location} marked a false alarm: {result}',
  },
  'journal.step.handOver': {
    'zh-CN': '{location}{type}已转交：{result}',
    en: '{type} at {location} handed over: {result}',
  },
  'journal.step.acknowledge': { 'zh-CN': '{location}{type}已确认', en: '{type} at {location} acknowledged' },
  'journal.emotionHandled': {
    'zh-CN': '{className}情绪预警已处理：{note}',
    en: 'Emotion alert of {className} handled: {note}',
  },
  'journal.type.fight': { 'zh-CN': '打架', en: 'Fight' },
  'journal.type.fall': { 'zh-CN': '摔倒', en: 'Fall' },
  'journal.type.climbing': { 'zh-CN': '攀爬', en: 'Climbing' },
  'journal.type.crowding': { 'zh-CN': '人员聚集', en: 'Crowding' },
  'journal.type.loitering': { 'zh-CN': '徘徊逗留', en: 'Loitering' },
  'journal.type.intrusion': { 'zh-CN': '闯入', en: 'Intrusion' },
} as const;

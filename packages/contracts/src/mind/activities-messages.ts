/** Messages of activities and their sign-ups, in every language. */
export const activitiesMessages = {
  'v.activity.title': { 'zh-CN': '活动名称为 1-50 个字符', en: 'Activity title: 1-50 characters' },
  'v.activity.kind': { 'zh-CN': '请选择活动类型', en: 'Choose the kind of activity' },
  'v.activity.place': { 'zh-CN': '地点最多 100 个字符', en: 'Place: at most 100 characters' },
  'v.activity.description': { 'zh-CN': '活动介绍最多 2000 个字符', en: 'Description: at most 2000 characters' },
  'v.activity.quota': { 'zh-CN': '名额为 1-100000 的整数', en: 'Places: a whole number from 1 to 100000' },
  'v.activity.audience': { 'zh-CN': '请选择报名对象', en: 'Choose who may sign up' },
  'v.activity.targets': { 'zh-CN': '年级和班级最多各 500 个', en: 'At most 500 grades and 500 classes' },
  'v.activity.window': {
    'zh-CN': '活动结束须晚于开始，报名截止须晚于报名开始且不晚于活动结束',
    en: 'The activity must end after it starts, and sign-up must close after it opens and no later than the activity ends',
  },
  'v.activity.signups': { 'zh-CN': '请选择 1-1000 条报名记录', en: 'Choose 1 to 1000 sign-ups' },
  'activity.notFound': { 'zh-CN': '活动不存在', en: 'No such activity' },
  'activity.targetOutside': {
    'zh-CN': '只能面向本单位范围内的年级和班级发布活动',
    en: 'An activity can only be opened to grades and classes inside your organisation',
  },
  'activity.quotaBelowSigned': {
    'zh-CN': '名额不能少于已报名人数（{signed}）',
    en: 'Places cannot be fewer than the sign-ups already made ({signed})',
  },
  'activity.started': {
    'zh-CN': '活动已经开始，不能再修改',
    en: 'This activity has started and can no longer be changed',
  },
  'activity.hasSignups': {
    'zh-CN': '活动已有报名，不能删除',
    en: 'This activity already has sign-ups and cannot be deleted',
  },
  'activity.notForYou': {
    'zh-CN': '该活动不面向你或你的孩子开放报名',
    en: 'This activity is not open to you or your child',
  },
  'activity.signupClosed': {
    'zh-CN': '不在报名时间内，未能报名',
    en: 'Sign-up is not open now; you are not signed up',
  },
  'activity.alreadySigned': {
    'zh-CN': '已经报过名了，无需重复提交',
    en: 'You have already signed up for this activity; nothing was submitted twice',
  },
  'activity.full': {
    'zh-CN': '名额已满，未能报名',
    en: 'All places are taken; you are not signed up',
  },
  'activity.export.sheet': { 'zh-CN': '报名名单', en: 'Sign-ups' },
} as const;

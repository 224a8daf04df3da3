/** The sentences of teachers, class teachers, groups and teacher reshuffle, in zh-CN and English. */
export const teachersMessages = {
  'v.teacher.name': { 'zh-CN': '教师姓名为 1-30 个字符', en: "Teacher's name: 1-30 characters" },
  'v.teacher.no': { 'zh-CN': '工号为 1-32 位字母或数字', en: 'Teacher number: 1-32 letters or digits' },
  'v.teacher.subject': { 'zh-CN': '学科为 1-30 个字符', en: 'Subject: 1-30 characters' },
  'v.teacher.wechatOpenid': {
    'zh-CN': '微信 openid 为 20-40 位字母、数字、- 或 _',
    en: 'WeChat openid: 20-40 letters, digits, - or _',
  },
  'v.teacher.title': { 'zh-CN': '职务最多 30 个字符', en: 'Job title: up to 30 characters' },
  'v.teacher.effectiveDate': {
    'zh-CN': '生效日期格式为 YYYY-MM-DD',
    en: 'Effective date: a date written YYYY-MM-DD',
  },
  'v.teacher.reason': { 'zh-CN': '原因最多 200 个字符', en: 'Reason: up to 200 characters' },
  'v.teacher.remark': { 'zh-CN': '审核意见最多 200 个字符', en: 'Remark: up to 200 characters' },
  'v.teacher.toSchool': { 'zh-CN': '调动需选择调入学校', en: 'A transfer needs the school the teacher moves to' },
  'v.group.name': { 'zh-CN': '分组名称为 1-30 个字符', en: 'Group name: 1-30 characters' },
  'v.group.description': { 'zh-CN': '分组说明最多 200 个字符', en: 'Group description: up to 200 characters' },

  'teacher.notFound': { 'zh-CN': '教师不存在', en: 'No such teacher' },
  'wechatBind.notConfigured': {
    'zh-CN': '本平台尚未设置学校公众号的扫码绑定，请联系管理员在教职工名册里填写你的微信 openid',
    en: 'This platform has no official account set up for binding by scanning: ask your administrator to enter your WeChat openid on the staff roster',
  },
  'wechatBind.noRoster': {
    'zh-CN': '你不在任何学校的教职工名册上，无需绑定微信接收校园预警',
    en: 'You are on no school’s staff roster: there are no campus alerts to bind WeChat for',
  },
  'wechatBind.unavailable': {
    'zh-CN': '微信暂时没有给出二维码，请稍后再试（{detail}）',
    en: 'WeChat did not give a code just now; try again later ({detail})',
  },
  'wechatBind.ticketNotFound': { 'zh-CN': '没有这个绑定二维码', en: 'No such binding code' },
  'wechatBind.reply.bound': {
    'zh-CN': '绑定成功：{name} 将通过本公众号接收校园预警。',
    en: 'Bound: {name} now gets campus alerts through this account.',
  },
  'wechatBind.reply.expired': {
    'zh-CN': '这个绑定二维码已过期，未绑定。请在个人信息页重新生成。',
    en: 'This binding code has expired: nothing was bound. Make a new one on your personal information page.',
  },
  'wechatBind.reply.used': {
    'zh-CN': '这个绑定二维码已经用过，不能再次使用，未绑定。请在个人信息页重新生成。',
    en: 'This binding code was used already and cannot be used again: nothing was bound. Make a new one on your personal information page.',
  },
  'wechatBind.reply.unknown': {
    'zh-CN': '这不是有效的绑定二维码，未绑定。请在个人信息页重新生成。',
    en: 'This is not a valid binding code: nothing was bound. Make a new one on your personal information page.',
  },
  'wechatBind.reply.noRoster': {
    'zh-CN': '二维码的主人已不在教职工名册上，未绑定。',
    en: 'The code’s owner is no longer on a staff roster: nothing was bound.',
  },
  'teacher.noTaken': {
    'zh-CN': '本校已有工号为 {teacherNo} 的教师',
    en: 'A teacher of this school already has the number {teacherNo}',
  },
  'teacher.accountTaken': {
    'zh-CN': '账号 {account} 已被使用，请换一个',
    en: 'The account name {account} is already in use; choose another',
  },
  'teacher.phoneTaken': {
    'zh-CN': '手机号 {phone} 已被其他账号使用',
    en: 'The phone number {phone} is already used by another account',
  },
  'teacher.notSchool': { 'zh-CN': '教师只能属于学校', en: 'A teacher belongs to a school; choose a school' },
  'teacher.deptNotInSchool': {
    'zh-CN': '所选部门不属于该教师的学校',
    en: "The chosen department is not one of the teacher's school",
  },
  'teacher.hasHistory': {
    'zh-CN': '该教师已有使用记录，不能删除，请办理离职',
    en: 'This teacher has a history and cannot be removed; apply for their dimission instead',
  },
  'teacher.notActive': {
    'zh-CN': '该教师不在职，请先办理返聘',
    en: 'This teacher is not active; rehire them first',
  },
  'teacher.classNotInSchool': {
    'zh-CN': '班级 {classId} 不存在或不属于该教师的学校',
    en: "Class {classId} does not exist or is not in the teacher's school",
  },
  'teacher.classHasHead': {
    'zh-CN': '{className} 已有班主任 {name}，请先取消其班主任',
    en: '{className} already has a head teacher, {name}; unassign them first',
  },
  'teacher.changeFromActive': {
    'zh-CN': '只有在职教师可以办理离职、退休或调动',
    en: 'Only an active teacher can leave, retire or transfer',
  },
  'teacher.changeRehire': {
    'zh-CN': '只有已离职或已退休的教师可以返聘',
    en: 'Only a teacher who has left or retired can be rehired',
  },
  'teacher.changePending': {
    'zh-CN': '该教师已有待审核的异动申请',
    en: 'This teacher already has a reshuffle request awaiting review',
  },
  'teacher.changeNotFound': { 'zh-CN': '异动申请不存在', en: 'No such reshuffle request' },
  'teacher.changeDecided': {
    'zh-CN': '该申请已审核，不能再次审核',
    en: 'This request has already been decided',
  },
  'teacher.changeOwnRequest': {
    'zh-CN': '不能审核自己提交的申请',
    en: 'You cannot decide a request you made yourself',
  },
  'teacher.transferSameSchool': {
    'zh-CN': '调入学校与当前学校相同',
    en: 'The teacher is already at that school',
  },
  'dept.notFound': { 'zh-CN': '部门不存在', en: 'No such department' },
  'dept.inUse': {
    'zh-CN': '该部门仍有教师，请先调整教师的部门',
    en: 'Teachers still belong to this department; move them first',
  },
  'group.notFound': { 'zh-CN': '分组不存在', en: 'No such group' },
  'group.nameTaken': { 'zh-CN': '该单位已有同名分组', en: 'This organisation already has a group with that name' },
  'group.orgType': { 'zh-CN': '分组只能建在学校或教育局下', en: 'A group belongs to a school or a bureau' },
  'group.memberNotFound': {
    'zh-CN': '用户 {userId} 不存在或不在您的管理范围内',
    en: 'User {userId} does not exist or is outside your scope',
  },
  'teacher.classNotFound': { 'zh-CN': '班级不存在', en: 'No such class' },
} as const;

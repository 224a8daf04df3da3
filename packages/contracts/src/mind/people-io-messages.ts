/** Messages of people imports and exports, data checks and account binding, in every language. */
export const peopleIoMessages = {
  'peopleImport.invalid': {
    'zh-CN': '导入数据有误，未导入任何数据',
    en: 'Some rows are not valid; nothing was imported',
  },
  'peopleImport.unreadable': {
    'zh-CN': '文件无法读取，请使用下载的模板',
    en: 'The file cannot be read as a workbook; use the downloaded template',
  },
  'peopleImport.noHeader': {
    'zh-CN': '第一行缺少列：{columns}',
    en: 'The first row lacks the columns: {columns}',
  },
  'peopleImport.noData': { 'zh-CN': '文件中没有可导入的数据', en: 'The file holds no rows to import' },
  'peopleImport.tooManyRows': {
    'zh-CN': '每个工作表最多 {max} 行，当前 {count} 行',
    en: 'At most {max} rows per sheet; this one has {count}',
  },
  'peopleImport.noSchool': { 'zh-CN': '请选择学校', en: 'Choose the school to import into' },
  'peopleImport.repeated': { 'zh-CN': '与第 {other} 行重复', en: 'Repeats row {other} of this file' },
  'peopleImport.classNotFound': {
    'zh-CN': '本校没有该班级',
    en: 'No such class in this school',
  },
  'peopleImport.classAmbiguous': {
    'zh-CN': '多个校区有同名班级，请填写校区',
    en: 'Several campuses have a class of this name; fill in the campus',
  },
  'peopleImport.classExists': { 'zh-CN': '班级已存在', en: 'This class already exists' },
  'peopleImport.studentNoTaken': {
    'zh-CN': '本校已有该学号的学生',
    en: 'A student of this school already has this number',
  },
  'peopleImport.teacherNoTaken': {
    'zh-CN': '本校已有该工号的教师',
    en: 'A teacher of this school already has this number',
  },
  'peopleImport.phoneTaken': { 'zh-CN': '该手机号已被其他账号使用', en: 'Another account already uses this phone' },
  'peopleImport.accountTaken': { 'zh-CN': '该账号已存在', en: 'This account already exists' },
  'peopleImport.deptNotFound': { 'zh-CN': '本校没有该部门', en: 'No such department in this school' },
  'peopleImport.studentNotFound': {
    'zh-CN': '本校没有该学号的学生',
    en: 'No student of this school has this number',
  },
  'peopleImport.alreadyLinked': {
    'zh-CN': '该家长已关联此学生',
    en: 'This parent is already linked to this student',
  },
  'peopleImport.yesNo': { 'zh-CN': '请填写“是”或“否”', en: 'Write Yes or No' },
  'peopleImport.sheet.student': { 'zh-CN': '学生', en: 'Students' },
  'peopleImport.sheet.teacher': { 'zh-CN': '教师', en: 'Teachers' },
  'peopleImport.sheet.parent': { 'zh-CN': '家长', en: 'Parents' },
  'peopleImport.sheet.org': { 'zh-CN': '组织', en: 'Organisation' },

  'v.dataCheck.days': { 'zh-CN': '天数为 1-3650', en: 'Days: 1 to 3650' },
  'dataCheck.duplicateIdCard': { 'zh-CN': '身份证号重复的学生', en: 'Students sharing an ID card number' },
  'dataCheck.duplicateStudentNo': {
    'zh-CN': '同校学号重复的学生',
    en: 'Students sharing a number in one school',
  },
  'dataCheck.duplicateTeacherPhone': { 'zh-CN': '手机号重复的教师', en: 'Teachers sharing a phone' },
  'dataCheck.studentInDisabledClass': {
    'zh-CN': '所在班级已停用的学生',
    en: 'Students in a disabled class',
  },
  'dataCheck.studentClassMissing': { 'zh-CN': '班级不存在的学生', en: 'Students whose class is missing' },
  'dataCheck.parentWithoutChildren': { 'zh-CN': '未关联学生的家长', en: 'Parents without children' },
  'dataCheck.classTeacherOfRemovedClass': {
    'zh-CN': '任教班级已停用或删除的班主任',
    en: 'Class teacher assignments to removed or disabled classes',
  },
  'dataCheck.unboundAccount': {
    'zh-CN': '超过 {days} 天未绑定的账号',
    en: 'Accounts unbound for more than {days} days',
  },

  'v.binding.kind': { 'zh-CN': '请选择学生、教师或家长', en: 'Choose student, teacher or parent' },
  'v.binding.phoneLast4': { 'zh-CN': '请输入手机号后 4 位', en: 'Enter the last 4 digits of the phone' },
  'v.binding.idCardLast6': {
    'zh-CN': '请输入身份证号后 6 位',
    en: 'Enter the last 6 characters of the ID card number',
  },
  'v.binding.teacherProof': {
    'zh-CN': '请输入手机号后 4 位或工号',
    en: 'Enter the last 4 digits of the phone or the teacher number',
  },
  'binding.noMatch': {
    'zh-CN': '信息不匹配，请核对后重试',
    en: 'The details do not match our records; check them and try again',
  },
  'binding.alreadyBound': {
    'zh-CN': '该信息已绑定其他账号，请联系管理员解绑',
    en: 'Already bound to another account: ask the administrator to release it',
  },
  'binding.selfBound': { 'zh-CN': '您已绑定该信息', en: 'This account is already bound to this record' },
  'binding.notUnbound': {
    'zh-CN': '仅未绑定的账号可以绑定教师或学生信息',
    en: 'Only an account not yet bound can claim a teacher or student record',
  },
  'binding.notParent': {
    'zh-CN': '当前账号不能绑定孩子',
    en: 'This account cannot add a child',
  },
  'binding.phoneNeeded': {
    'zh-CN': '请先在账号中心绑定手机号',
    en: 'Add a phone number to your account in the account center first',
  },
  'binding.childLinked': { 'zh-CN': '您已绑定该孩子', en: 'This child is already linked to your account' },
  'binding.locked': {
    'zh-CN': '尝试次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong tries; try again in {minutes} min',
  },
  'binding.retryAfter': { 'zh-CN': '请 {seconds} 秒后再试', en: 'Please try again after {seconds} s' },
  'binding.rosterNotFound': { 'zh-CN': '该人员不存在', en: 'No such student, teacher or parent' },
  'binding.accountNotFound': { 'zh-CN': '账号不存在', en: 'No such account' },
  'binding.notBound': { 'zh-CN': '该人员未绑定账号', en: 'No account is bound to this record' },
  'binding.sameAccount': { 'zh-CN': '已绑定该账号', en: 'This record is already bound to that account' },
  'binding.accountHasRecord': {
    'zh-CN': '该账号已绑定其他{kind}信息',
    en: 'That account already holds another {kind} record',
  },
  'binding.kind.student': { 'zh-CN': '学生', en: 'student' },
  'binding.kind.teacher': { 'zh-CN': '教师', en: 'teacher' },
  'binding.kind.parent': { 'zh-CN': '家长', en: 'parent' },
} as const;

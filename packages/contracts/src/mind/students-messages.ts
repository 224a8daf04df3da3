/** The sentences of students, parents and school years, in zh-CN and English. */
export const studentsMessages = {
  'v.student.name': { 'zh-CN': '学生姓名为 1-30 个字符', en: 'Student name: 1-30 characters' },
  'v.student.no': { 'zh-CN': '学号为 1-32 位字母或数字', en: 'Student number: 1-32 letters or digits' },
  'v.idCard': {
    'zh-CN': '身份证号不正确，应为 18 位且校验位正确',
    en: 'The ID card number is not valid: 18 characters with a correct check digit',
  },
  'v.maskedNumber': {
    'zh-CN': '号码已隐藏：请输入完整号码，或保持原样不改',
    en: 'This number is masked: type the whole number, or leave it as it was',
  },
  'v.gender': { 'zh-CN': '请选择性别', en: 'Choose a gender' },
  'v.date': { 'zh-CN': '日期格式应为 YYYY-MM-DD', en: 'Dates are written YYYY-MM-DD' },
  'v.student.birthday': { 'zh-CN': '出生日期不能晚于今天', en: 'The birthday cannot be after today' },
  'v.student.enrolYear': { 'zh-CN': '入学年份应在 1990-2100 之间', en: 'Enrolment year: between 1990 and 2100' },
  'v.student.status': { 'zh-CN': '请选择学生状态', en: 'Choose a student status' },
  'v.student.class': { 'zh-CN': '请选择班级', en: 'Choose a class' },
  'v.student.infoQuery': { 'zh-CN': '请提供学生或用户', en: 'Give a student or a user' },
  'v.parent.name': { 'zh-CN': '家长姓名为 1-30 个字符', en: 'Parent name: 1-30 characters' },
  'v.parent.relation': {
    'zh-CN': '请选择与学生的关系：父亲、母亲、监护人或其他',
    en: 'Choose the relation to the student: father, mother, guardian or other',
  },
  'v.xuenian.name': {
    'zh-CN': '学年名称格式为 2025-2026，后一年为前一年加一',
    en: 'School year name: like 2025-2026, the second year one after the first',
  },
  'v.xuenian.dates': { 'zh-CN': '学年开始日期必须早于结束日期', en: 'The school year must start before it ends' },
  'v.semester.dates': {
    'zh-CN': '学期开始日期必须早于结束日期，且在学年之内',
    en: 'A semester must start before it ends and lie within its school year',
  },
  'v.semester.terms': {
    'zh-CN': '一个学年有一至两个学期：第一学期和第二学期各一个',
    en: 'A school year has one or two semesters: at most one first and one second',
  },

  'student.notFound': { 'zh-CN': '学生不存在', en: 'No such student' },
  'student.noTaken': { 'zh-CN': '学号已存在', en: 'Student number already exists' },
  'student.inUse': {
    'zh-CN': '该学生已绑定账号或已有业务记录，不能删除，请改为停用',
    en: 'This student has a bound account or records and cannot be removed; disable them instead',
  },
  'student.sameClass': { 'zh-CN': '学生已在该班级', en: 'The student is already in this class' },
  'parent.notFound': { 'zh-CN': '家长不存在', en: 'No such parent' },
  'parent.phoneTaken': {
    'zh-CN': '本校已有使用该手机号的家长，请直接绑定该家长',
    en: 'A parent with this phone already exists in this school; bind that parent instead',
  },
  'parent.alreadyBound': { 'zh-CN': '该家长已绑定此学生', en: 'This parent is already linked to this student' },
  'parent.notBound': { 'zh-CN': '该家长未绑定此学生', en: 'This parent is not linked to this student' },
  'parent.otherSchool': {
    'zh-CN': '只能绑定同一学校的学生',
    en: 'A parent can only be linked to students of the same school',
  },
  'xuenian.term1': { 'zh-CN': '第一学期', en: 'first semester' },
  'xuenian.term2': { 'zh-CN': '第二学期', en: 'second semester' },
  'xuenian.notFound': { 'zh-CN': '学年或学期不存在', en: 'No such school year or semester' },
  'xuenian.nameTaken': { 'zh-CN': '学年已存在', en: 'This school year already exists' },
  'xuenian.forbidden': {
    'zh-CN': '只有教育局管理员或平台管理员可以维护学年',
    en: 'Only the bureau administrator or the platform administrator maintains school years',
  },
} as const;

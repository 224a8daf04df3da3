/** Messages of online signing, in every language. */
export const signingMessages = {
  'v.signing.title': { 'zh-CN': '标题为 1-50 个字符', en: 'Title: 1-50 characters' },
  'v.signing.body': { 'zh-CN': '正文为 1-5000 个字符', en: 'Text: 1-5000 characters' },
  'v.signing.fields': {
    'zh-CN': '填写项最多 20 个，每项须有名称（最多 30 个字符）且键名不重复',
    en: 'At most 20 fields, each with a label of up to 30 characters and a key of its own',
  },
  'v.signing.number': { 'zh-CN': '请输入表单编号', en: 'Enter the form number' },
  'v.signing.sha256': {
    'zh-CN': 'SHA-256 为 64 位十六进制字符',
    en: 'A SHA-256 is 64 hexadecimal characters',
  },
  'v.signing.value': { 'zh-CN': '每项最多 500 个字符', en: 'Each answer: at most 500 characters' },
  'v.signing.remindDays': {
    'zh-CN': '自动提醒的天数为 1-30 天',
    en: 'Automatic reminder: after 1 to 30 days',
  },
  'signing.batchWho': {
    'zh-CN': '请选择一个班级，或至少选择一名学生',
    en: 'Choose a class, or at least one student',
  },
  'signing.batchNobody': {
    'zh-CN': '这些学生都没有开通账号的家长，没有表单可发送',
    en: 'None of these students has a parent with an account: no form could be sent',
  },
  'signing.batchOneSchool': {
    'zh-CN': '一次批量发送只能发给同一所学校的学生',
    en: 'One batch goes to the students of one school',
  },
  'signing.classNotFound': { 'zh-CN': '班级不存在或不在您的管理范围内', en: 'No such class among yours' },
  'signing.batchNotFound': { 'zh-CN': '批量发送记录不存在', en: 'No such batch' },
  'signing.nobodyWaiting': {
    'zh-CN': '没有待签署的表单：不需要提醒',
    en: 'No form is waiting for its signature: nobody to remind',
  },
  'signing.remindedToday': {
    'zh-CN': '待签署的家长今天都已提醒过，明天再提醒',
    en: 'Everyone waiting was already reminded today: remind them again tomorrow',
  },
  'signing.templateChanged': {
    'zh-CN': '该模板刚被他人修改：请刷新后再编辑',
    en: 'Someone has just changed this template: reload it and edit again',
  },
  'signing.defaultReadOnly': {
    'zh-CN': '默认模板不能修改：请新建本校模板',
    en: 'A default template cannot be edited: add a template of your school instead',
  },
  'v.signing.signature': { 'zh-CN': '请先手写签名', en: 'Sign with your finger first' },
  'signing.templateNotFound': { 'zh-CN': '签署模板不存在', en: 'No such sign-form template' },
  'signing.noSchool': {
    'zh-CN': '只有学校的老师可以新建本校的签署模板',
    en: 'Only a school’s staff can add a template for their school',
  },
  'signing.notFound': { 'zh-CN': '签署表单不存在', en: 'No such form' },
  'signing.notYourParent': {
    'zh-CN': '只能发给该学生已登记的家长或所在班级的老师',
    en: 'A form can only go to a parent registered for this student or a teacher of their class',
  },
  'signing.parentNoAccount': {
    'zh-CN': '该家长还没有账号，无法在手机上签署：请先为家长开通账号',
    en: 'This parent has no account yet and cannot sign on a phone: give them an account first',
  },
  'signing.alreadySigned': {
    'zh-CN': '该表单已签署，不能再次签署',
    en: 'This form is already signed and cannot be signed again',
  },
  'signing.withdrawn': {
    'zh-CN': '该表单已被学校撤回，不能再签署',
    en: 'The school has withdrawn this form: it can no longer be signed',
  },
  'signing.cannotWithdraw': {
    'zh-CN': '只能撤回尚未签署的表单',
    en: 'Only a form that is not signed yet can be withdrawn',
  },
  'signing.notSigned': { 'zh-CN': '该表单尚未签署，还没有 PDF', en: 'This form is not signed yet: it has no PDF' },
  'signing.required': { 'zh-CN': '请填写：{label}', en: 'Fill in: {label}' },
  'signing.notPng': {
    'zh-CN': '签名须为 PNG 图片（按内容识别）',
    en: 'The signature must be a PNG image (checked by its content)',
  },
  'signing.badSignature': {
    'zh-CN': '签名图片无效：请重新手写签名后再提交',
    en: 'The signature image is not valid: sign again and submit',
  },
} as const;

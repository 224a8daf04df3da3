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

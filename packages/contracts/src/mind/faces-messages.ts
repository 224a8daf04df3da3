/** Messages of whitelist faces and the trajectory query, in every language. */
export const facesMessages = {
  'v.faces.consentBy': { 'zh-CN': '同意人姓名为 1-50 个字符', en: 'The consenting guardian’s name: 1-50 characters' },
  'v.faces.basis': {
    'zh-CN': '处理依据为 10-500 个字符，写明用途和法律依据',
    en: 'Legal basis: 10-500 characters naming the purpose and the basis',
  },
  'v.faces.retention': { 'zh-CN': '保存期限为 1-540 天', en: 'Keep for 1-540 days' },
  'v.faces.reason': { 'zh-CN': '查询事由为 5-200 个字符', en: 'Reason for the search: 5-200 characters' },
  'v.faces.range': {
    'zh-CN': '时间范围须先始后终，且不超过 31 天',
    en: 'The time range must end after it starts and span at most 31 days',
  },
  'faces.off': {
    'zh-CN': '该校未开启人脸与轨迹功能，请学校管理员先在“人脸白名单”中开启',
    en: 'Faces and trajectories are off for this school: its administrator must turn them on under Whitelist faces',
  },
  'faces.schoolAdminOnly': {
    'zh-CN': '只有学校管理员可以开启或关闭人脸与轨迹功能',
    en: 'Only the school’s administrator may turn faces and trajectories on or off',
  },
  'faces.noConsent': {
    'zh-CN': '未记录同意和处理依据，照片未保存：请填写监护人同意（姓名、日期）和法律依据',
    en: 'No consent and legal basis recorded, so nothing was stored: enter the guardian’s consent (name, date) and the legal basis',
  },
  'faces.notImage': { 'zh-CN': '照片须为 JPG 或 PNG 图片', en: 'The photo must be a JPG or PNG image' },
  'faces.photoTooLarge': { 'zh-CN': '照片不能超过 1 MB', en: 'The photo may be at most 1 MB' },
  'faces.studentNotFound': { 'zh-CN': '学生不存在或不在你的管理范围内', en: 'No such student in your scope' },
  'faces.photoNotFound': { 'zh-CN': '人脸照片不存在', en: 'No such face photo' },
  'faces.notWhitelisted': {
    'zh-CN': '该学生没有有效的白名单人脸，设备上报被拒绝',
    en: 'This student has no whitelisted face in force: the sighting was refused',
  },
} as const;

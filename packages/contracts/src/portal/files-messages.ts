/** The sentences of the portal's files area, in zh-CN and English; the first two are the Device Cloud spec's. */
export const filesMessages = {
  'files.uploadFailed': { 'zh-CN': '文件上传失败，请重新上传', en: 'File upload failed, please re-upload' },
  'files.tooLarge': {
    'zh-CN': '超出上传限制：单个文件不能超过 {limit}',
    en: 'Upload limits exceeded: each file may be at most {limit}',
  },
  'files.tooMany': {
    'zh-CN': '超出上传限制：一次最多上传 {count} 个文件',
    en: 'Upload limits exceeded: at most {count} file(s) at a time',
  },
  'files.noFile': { 'zh-CN': '请选择要上传的文件', en: 'Choose a file to upload' },
  'files.emptyFile': { 'zh-CN': '文件内容为空，请重新上传', en: 'The file is empty, please re-upload' },
  'files.notMultipart': {
    'zh-CN': '请以 multipart/form-data 表单上传文件',
    en: 'Send the files as a multipart/form-data form',
  },
  'files.wrongKind.image': { 'zh-CN': '只能上传 jpg、png 格式的图片', en: 'Only jpg and png images are accepted' },
  'files.wrongKind.symbol': {
    'zh-CN': '图元只能是 SVG 或 png 图片（不超过 512 KB）',
    en: 'A symbol must be an SVG or png picture (512 KB at most)',
  },
  'files.wrongKind.logo': {
    'zh-CN': '只能上传 jpg、png、gif 格式的图片',
    en: 'Only jpg, png and gif images are accepted',
  },
  'files.wrongKind.excel': {
    'zh-CN': '只能上传 xls、xlsx 格式的 Excel 文件',
    en: 'Only xls and xlsx files are accepted',
  },
  'files.wrongKind.attachment': {
    'zh-CN': '只能上传 jpg、png、pdf、xls、xlsx 格式的文件',
    en: 'Only jpg, png, pdf, xls and xlsx files are accepted',
  },
  'files.wrongDimensions': {
    'zh-CN': '图片尺寸应为 {width}×{height} 像素，当前为 {actualWidth}×{actualHeight}',
    en: 'The image must be {width} x {height} pixels; this one is {actualWidth} x {actualHeight}',
  },
  'files.unknownField': { 'zh-CN': '不支持的表单字段：{name}', en: 'Unknown form field: {name}' },
  'files.notFound': { 'zh-CN': '文件不存在', en: 'The file does not exist' },
  'files.forbidden': { 'zh-CN': '没有权限查看该文件', en: 'You may not open this file' },
  'files.unavailable': {
    'zh-CN': '文件存储暂不可用，请稍后再试',
    en: 'File storage is unavailable, please try again later',
  },
} as const;

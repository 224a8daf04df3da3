/** Messages of Firmware Management, in every language. */
export const firmwareMessages = {
  'v.firmware.required': { 'zh-CN': '此项必填', en: 'This field is required' },
  'v.firmware.name': { 'zh-CN': '固件名称最多 50 个字符', en: 'Firmware name: up to 50 characters' },
  'v.firmware.series': { 'zh-CN': '系列最多 50 个字符', en: 'Series: up to 50 characters' },
  'v.firmware.model': { 'zh-CN': '型号最多 50 个字符', en: 'Model: up to 50 characters' },
  'v.firmware.version': { 'zh-CN': '版本号最多 30 个字符', en: 'Version: up to 30 characters' },
  'v.firmware.type': { 'zh-CN': '固件类型为整包或差分', en: 'The firmware type is full or incremental' },
  'v.firmware.sha256': {
    'zh-CN': 'SHA-256 校验值为 64 位十六进制字符',
    en: 'The SHA-256 checksum is 64 hexadecimal characters',
  },
  'v.firmware.remark': { 'zh-CN': '备注最多 200 个字符', en: 'Remarks: up to 200 characters' },
  'firmware.notFound': { 'zh-CN': '固件不存在', en: 'No such firmware' },
  'firmware.versionTaken': {
    'zh-CN': '该系列和型号已有版本 {version} 的固件',
    en: 'This series and model already has firmware version {version}',
  },
  'firmware.checksumMismatch': {
    'zh-CN': '文件的 SHA-256 与填写的校验值不一致，请重新上传正确的文件',
    en: 'The file’s SHA-256 does not match the checksum you entered; upload the right file',
  },
} as const;

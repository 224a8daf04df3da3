/** The sentences of Device Cloud devices, tags and projects, in zh-CN and English (spec sections 5 and 8). */
export const devicesMessages = {
  'device.notFound': { 'zh-CN': '设备不存在或无权访问', en: 'The device does not exist or you may not open it' },
  'device.deleteFailed': {
    'zh-CN': '删除失败：设备不存在或无删除权限',
    en: 'Delete failed: the device does not exist or you may not delete it',
  },
  'device.name.length': { 'zh-CN': '设备名称为 1-50 个字符', en: 'The device name must be 1-50 characters' },
  'device.sn.format': {
    'zh-CN': 'SN 应为 20 位或 15 位字母或数字',
    en: 'The SN must be 20 (or 15) letters or digits',
  },
  'device.sn.needsMacOrImei': {
    'zh-CN': '通过 SN 添加设备时须填写 MAC 或 IMEI',
    en: 'Adding a device by SN needs its MAC or IMEI',
  },
  'device.sn.noDirectAdd': {
    'zh-CN': '该 SN 不支持直接添加，请使用无 SN 添加',
    en: 'SN does not support direct adding (use the no-SN route)',
  },
  'device.sn.disabledElsewhere': {
    'zh-CN': '设备已禁用，且正在其他云平台使用',
    en: 'Device disabled and in use on another cloud platform',
  },
  'device.mac.format': {
    'zh-CN': 'MAC 应为 12 位十六进制数（可用 : 或 - 分隔）',
    en: 'The MAC must be 12 hexadecimal digits (separators : or - allowed)',
  },
  'device.imei.format': { 'zh-CN': 'IMEI 应为 15 位数字', en: 'The IMEI must be 15 digits' },
  'device.no.range': { 'zh-CN': '设备 ID 应为 1-65535 的整数', en: 'The device ID must be a whole number 1-65535' },
  'device.no.duplicate': {
    'zh-CN': '设备编号不能重复：{value} 已存在',
    en: 'Device numbers must differ: {value} is already used',
  },
  'device.password.length': {
    'zh-CN': '通讯密码应为 8 个字符',
    en: 'The communication password must be exactly 8 characters',
  },
  'device.interval.invalid': {
    'zh-CN': '查询频率应为 1/2/3/5/10/15/20/30 秒或分钟、1/5 小时、1/5/15 天之一',
    en: 'The querying frequency must be 1, 2, 3, 5, 10, 15, 20 or 30 seconds or minutes, 1 or 5 hours, or 1, 5 or 15 days',
  },
  'device.tags.max': { 'zh-CN': '每台设备最多 3 个标签', en: 'A device may have at most 3 tags' },
  'device.tags.unknown': { 'zh-CN': '标签不存在：{ids}', en: 'No such tag: {ids}' },
  'device.remark.length': { 'zh-CN': '备注最多 200 个字符', en: 'The remark may be at most 200 characters' },
  'device.latitude.range': { 'zh-CN': '纬度应在 -90 到 90 之间', en: 'The latitude must be between -90 and 90' },
  'device.longitude.range': {
    'zh-CN': '经度应在 -180 到 180 之间',
    en: 'The longitude must be between -180 and 180',
  },
  'device.picture.invalid': {
    'zh-CN': '设备图片应为已上传的 jpg、png 图片，且不超过 2 MB',
    en: 'The picture must be an uploaded jpg or png image of at most 2 MB',
  },
  'device.warranty.order': {
    'zh-CN': '开始时间与结束时间不能相同，且结束时间须晚于开始时间',
    en: 'Start time must differ from end time, and the warranty must end after it starts',
  },
  'device.batch.count': {
    'zh-CN': '一次添加的设备数量为 1-100 台',
    en: 'Devices added at once: 1-100',
  },
  'device.batch.range': {
    'zh-CN': '起始设备 ID 加数量超出 65535',
    en: 'The starting device ID plus the count goes beyond 65535',
  },
  'device.project.locked': {
    'zh-CN': '设备所属项目选定后不能更改',
    en: "A device's project cannot be changed after it is selected",
  },
  'device.project.unknown': { 'zh-CN': '项目不存在', en: 'No such project' },
  'device.owner.unknown': {
    'zh-CN': '所属用户不存在或不在您的账号下',
    en: 'The owner does not exist or is not an account below yours',
  },
  'device.import.invalid': {
    'zh-CN': '数据格式不正确：请按报告修改后重新导入，本次未导入任何设备',
    en: 'Data format incorrect: fix the rows in the report and import again; no device was imported',
  },
  'device.import.noData': { 'zh-CN': '暂无数据：文件中没有设备行', en: 'No data: the file holds no device rows' },
  'device.import.tooManyRows': {
    'zh-CN': '每次最多导入 {max} 行，文件中有 {count} 行',
    en: 'At most {max} rows per import; the file has {count}',
  },
  'device.import.oneModel': {
    'zh-CN': '一个文件只能导入一种设备型号（模板）',
    en: 'One file may hold one device model (template) only',
  },
  'device.import.unreadable': {
    'zh-CN': '数据格式不正确：无法读取该 Excel 文件',
    en: 'Data format incorrect: the Excel file cannot be read',
  },
  'device.import.noHeader': {
    'zh-CN': '数据格式不正确：首行应为模板的表头（缺少：{columns}）',
    en: "Data format incorrect: the first row must be the template's header (missing: {columns})",
  },
  'device.import.number': { 'zh-CN': '应为数字', en: 'must be a number' },
  'device.import.date': { 'zh-CN': '应为日期（如 2026-01-31）', en: 'must be a date (such as 2026-01-31)' },
  'device.export.sheet': { 'zh-CN': '设备列表', en: 'Devices' },
  'device.import.sheet': { 'zh-CN': '设备导入', en: 'Device import' },
  'device.import.templatesSheet': { 'zh-CN': '模板', en: 'Templates' },
  'device.import.templateName': { 'zh-CN': '模板名称', en: 'Template name' },
  'device.import.templateId': { 'zh-CN': '模板ID', en: 'Template ID' },
  'device.import.noTemplates': {
    'zh-CN': '还没有模板：请先在“我的模板”中添加，或将设备型号留空',
    en: 'No templates yet: add one in My templates, or leave the device model empty',
  },
  'device.import.templateUnknown': {
    'zh-CN': '没有名为“{name}”的模板，可填写的模板：{names}',
    en: 'No template is named "{name}"; your templates: {names}',
  },
  'device.import.templateNone': {
    'zh-CN': '没有名为“{name}”的模板，您还没有模板：请先在“我的模板”中添加，或将设备型号留空',
    en: 'No template is named "{name}", and you have no templates yet: add one in My templates, or leave the device model empty',
  },
  'device.import.templateAmbiguous': {
    'zh-CN': '有多个名为“{name}”的模板（ID：{ids}），请填写模板ID',
    en: 'Several templates are named "{name}" (IDs {ids}): write the template ID instead',
  },
  'device.import.listSeparator': { 'zh-CN': '、', en: ', ' },
  'device.import.andMore': { 'zh-CN': '{names} 等，另有 {count} 个', en: '{names} and {count} more' },
  'device.template.unknown': {
    'zh-CN': '模板不存在或不属于您的账号',
    en: 'The template does not exist or is not one of your account',
  },
  'device.slaveQuota.exceeded': {
    'zh-CN': '超出从机数量授权：账号 {account} 授权 {quota} 个从机，已使用 {used} 个，此操作后将为 {count} 个',
    en: 'Slave-count authorization exceeded: account {account} is authorized for {quota} slaves and uses {used}; this would make {count}',
  },
  'device.level.viewOnly': {
    'zh-CN': '您的设备等级为 {level} 级，只能查看设备；编辑和操作设备需要 {needed} 级',
    en: 'Your device level is {level}: you may only view devices; editing and operating them needs level {needed}',
  },
  'device.level.noDelete': {
    'zh-CN': '您的设备等级为 {level} 级，不能删除设备；删除设备需要 {needed} 级',
    en: 'Your device level is {level}: deleting devices needs level {needed}',
  },
} as const;

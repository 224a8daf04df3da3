/** Messages of cloud configuration (SCADA screens), in every language. */
export const scadaMessages = {
  'v.scada.name': {
    'zh-CN': '请填写组态名称（最多 40 个字符）',
    en: 'Give the configuration a name (at most 40 characters)',
  },
  'v.scada.kind': { 'zh-CN': '不支持的组件类型', en: 'This kind of component is not supported' },
  'v.scada.text': { 'zh-CN': '文字最多 100 个字符', en: 'A text is at most 100 characters' },
  'v.scada.colour': { 'zh-CN': '颜色格式为 #RRGGBB', en: 'A colour is written #RRGGBB' },
  'v.scada.elements': {
    'zh-CN': '一个组态最多 2000 个组件',
    en: 'A configuration holds at most 2,000 components',
  },
  'v.scada.speedRange': {
    'zh-CN': '速度绑定的上限须大于下限',
    en: 'The speed range must end above where it starts',
  },
  'v.scada.samples': {
    'zh-CN': '趋势图显示 2 到 600 个数值',
    en: 'A trend shows 2 to 600 values',
  },
  'scada.picture': {
    'zh-CN': '组件“{element}”的图片须为您上传的 jpg 或 png 图片',
    en: 'The picture of component “{element}” must be a jpg or png picture you uploaded',
  },
  'scada.symbolNotFound': {
    'zh-CN': '您的图元库中没有这个图元',
    en: 'There is no such symbol in your library',
  },
  'scada.symbolInUse': {
    'zh-CN': '图元正被组态 {screens} 使用（含其保存的版本），不能删除：请先从这些组态中移除或删除这些组态',
    en: 'The symbol is in use by {screens} (in a draft or a kept version) and cannot be deleted: remove it from those configurations, or delete them, first',
  },
  'scada.symbolInUseMore': {
    'zh-CN':
      '图元正被组态 {screens} 及其他 {more} 个组态使用（含其保存的版本），不能删除：请先从这些组态中移除或删除这些组态',
    en: 'The symbol is in use by {screens} and {more} more configurations (in a draft or a kept version) and cannot be deleted: remove it from those configurations, or delete them, first',
  },
  'scada.symbolNotRemoved': {
    'zh-CN': '图元暂时无法删除，请稍后再试',
    en: 'The symbol could not be deleted just now; try again later',
  },
  'scada.notFound': { 'zh-CN': '组态不存在或无权查看', en: 'No such configuration, or you may not see it' },
  'scada.noPermission': {
    'zh-CN': '暂无权限：需要组态的查看或操作权限',
    en: 'No permission: viewing a configuration needs view or operate permission',
  },
  'scada.readOnly': {
    'zh-CN': '该组态由上级账号共享，只能查看',
    en: 'This configuration is shared by a higher account: you may only view it',
  },
  'scada.stale': {
    'zh-CN': '组态已被他人保存（版本 {revision}），请重新打开后再修改',
    en: 'Someone else saved this configuration (revision {revision}): open it again and redo your change',
  },
  'scada.versionNotFound': {
    'zh-CN': '该组态没有版本 {version}（可能已被清理）',
    en: 'This configuration has no version {version} (it may have been pruned)',
  },
  'scada.binding': {
    'zh-CN': '组件“{element}”绑定的设备或数据点不存在或您无权查看',
    en: 'Component “{element}” is bound to a device or data point that does not exist or that you may not see',
  },
  'scada.duplicateId': {
    'zh-CN': '组件编号“{element}”重复',
    en: 'Component id “{element}” is used twice',
  },
  'scada.background': {
    'zh-CN': '背景图片须为您上传的 jpg 或 png 图片',
    en: 'The background must be a jpg or png picture you uploaded',
  },
  'scada.notClickable': {
    'zh-CN': '组件“{element}”不是绑定了数据点的按钮、开关或阀门',
    en: 'Component “{element}” is not a button, switch or valve bound to a data point',
  },
  'scada.switchValue': {
    'zh-CN': '开关只能写入开或关（1 或 0）',
    en: 'A switch writes on or off (1 or 0)',
  },
  'scada.template': {
    'zh-CN': '模板不存在或您无权查看',
    en: 'No such template, or you may not see it',
  },
  'scada.templatePoint': {
    'zh-CN': '组件“{element}”绑定的数据点不属于该组态的模板',
    en: 'Component “{element}” is bound to a data point that is not in this configuration’s template',
  },
  'scada.applyTemplate': {
    'zh-CN': '设备“{device}”不属于该组态的模板，不能应用',
    en: 'Device “{device}” is of another template: the configuration cannot be applied to it',
  },
  'scada.applyScope': {
    'zh-CN': '设备 {device} 不存在或不在您的权限范围内',
    en: 'Device {device} does not exist or is outside what you may see',
  },
  'scada.notApplied': {
    'zh-CN': '该组态未应用到设备 {device}，或您无权查看该设备',
    en: 'This configuration is not applied to device {device}, or you may not see it',
  },
  'scada.opens': {
    'zh-CN': '组件“{element}”链接的组态不存在或不属于同一账号',
    en: 'Component “{element}” opens a configuration that does not exist or is of another account',
  },
  'scada.deviceNeeded': {
    'zh-CN': '模板组态须选择设备后才能操作',
    en: 'Choose a device before operating a template-based configuration',
  },
  'v.scada.linkPassword': {
    'zh-CN': '访问密码最多 64 个字符',
    en: 'A link password is at most 64 characters',
  },
  'v.scada.linkExpiry': {
    'zh-CN': '有效期须晚于现在',
    en: 'The link must expire after now',
  },
  'scada.link.unknown': {
    'zh-CN': '该分享链接不存在或已关闭',
    en: 'This shared link does not exist or has been closed',
  },
  'scada.link.expired': {
    'zh-CN': '该分享链接已过期',
    en: 'This shared link has expired',
  },
  'scada.link.password': {
    'zh-CN': '请输入该分享链接的访问密码',
    en: 'Enter the password of this shared link',
  },
  'scada.link.wrongPassword': {
    'zh-CN': '访问密码不正确',
    en: 'The password is not right',
  },
} as const;

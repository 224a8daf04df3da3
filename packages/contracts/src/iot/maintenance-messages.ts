/** Messages of maintenance plans, in every language. */
export const maintenanceMessages = {
  'v.plan.name': { 'zh-CN': '请填写计划名称（最多 50 个字符）', en: 'Name the plan (at most 50 characters)' },
  'v.plan.cycle': { 'zh-CN': '请选择维保周期', en: 'Choose the maintenance cycle' },
  'v.plan.every': { 'zh-CN': '请填写周期间隔（1 到 365）', en: 'Say how often, from 1 to 365' },
  'v.plan.dates': { 'zh-CN': '请选择维保日期（最多 50 个）', en: 'Choose the maintenance dates (at most 50)' },
  'v.plan.devices': {
    'zh-CN': '请选择至少一台设备或一个项目',
    en: 'Choose at least one device or a project',
  },
  'v.plan.project': { 'zh-CN': '请选择项目', en: 'Choose a project' },
  'v.plan.engineer': { 'zh-CN': '请选择维护人员', en: 'Choose a maintenance engineer' },
  'v.plan.advance': { 'zh-CN': '请选择提前生成工单时间', en: 'Choose when the work order is made ahead' },
  'v.plan.start': { 'zh-CN': '请选择开始日期', en: 'Choose the start date' },
  'v.plan.end': { 'zh-CN': '结束日期无效', en: 'The end date is not valid' },
  'v.plan.endBeforeStart': { 'zh-CN': '结束日期必须晚于开始日期', en: 'The end date must be after the start date' },
  'v.plan.content': {
    'zh-CN': '请填写维保内容（最多 255 个字符）',
    en: 'Describe the maintenance (at most 255 characters)',
  },
  'plan.notFound': { 'zh-CN': '维保计划不存在', en: 'No such maintenance plan' },
  'plan.engineer': {
    'zh-CN': '所选人员不是这些设备所属账号下的维护人员',
    en: 'The person chosen is not a maintenance engineer of the devices’ account',
  },
  'plan.oneOwner': {
    'zh-CN': '一个维保计划的设备须属于同一账号',
    en: 'The devices of one plan must belong to one account',
  },
  'plan.noDevice': { 'zh-CN': '所选设备不存在或无权操作', en: 'A device chosen does not exist or is not yours' },
  'plan.noProject': { 'zh-CN': '所选项目不存在或无权操作', en: 'The project chosen does not exist or is not yours' },
  'plan.noDates': {
    'zh-CN': '计划在结束日期前没有维保日期',
    en: 'The plan has no maintenance date before its end',
  },
} as const;

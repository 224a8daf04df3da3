/** The sentences of Device Cloud projects, tags, sub-user device permissions and statistics, in zh-CN and English. */
export const projectsMessages = {
  'v.project.name': { 'zh-CN': '项目名称为 1-50 个字符', en: 'Project name: 1-50 characters' },
  'v.project.managerName': { 'zh-CN': '项目经理姓名为 1-50 个字符', en: 'Project manager name: 1-50 characters' },
  'v.project.remark': { 'zh-CN': '备注最多 200 个字符', en: 'Remarks: up to 200 characters' },
  'v.project.devices': { 'zh-CN': '请选择 1-100 台设备', en: 'Choose 1 to 100 devices' },
  'v.project.users': { 'zh-CN': '关联用户最多 500 个', en: 'At most 500 associated users' },
  'v.tagCategory.name': { 'zh-CN': '标签分类名称为 1-50 个字符', en: 'Tag category name: 1-50 characters' },
  'v.tag.name': { 'zh-CN': '分组名称为 1-50 个字符', en: 'Group name: 1-50 characters' },
  'v.tag.description': { 'zh-CN': '分组描述最多 200 个字符', en: 'Group description: up to 200 characters' },
  'v.grant.many': { 'zh-CN': '一次最多授权 1000 台设备', en: 'At most 1000 devices can be granted at once' },
  'v.grant.duplicate': { 'zh-CN': '同一设备只能出现一次', en: 'Each device can appear only once' },

  'project.notFound': { 'zh-CN': '项目不存在', en: 'No such project' },
  'project.nameTaken': { 'zh-CN': '已有同名项目', en: 'A project with this name already exists' },
  'project.managerSet': {
    'zh-CN': '请先解除项目经理再删除项目',
    en: 'The project manager must be dismissed before deleting the project',
  },
  'project.noManager': { 'zh-CN': '该项目没有项目经理', en: 'This project has no project manager' },
  'project.managerBoth': {
    'zh-CN': '请选择一个用户作为项目经理，或填写项目经理姓名，不能同时填写',
    en: 'Choose a user as project manager or type a manager name, not both',
  },
  'project.notInTree': {
    'zh-CN': '用户 {id} 不是该项目所属账号或其下级用户',
    en: "User {id} is not the project's account or one of its sub-users",
  },
  'project.ownerNotFound': { 'zh-CN': '所属账号不存在', en: 'No such owning account' },
  'project.deviceNotFound': {
    'zh-CN': '设备 {id} 不存在或您无权修改',
    en: 'Device {id} does not exist or you may not change it',
  },
  'project.deviceHasProject': {
    'zh-CN': '设备“{name}”已选择项目，选择后不能更改',
    en: 'Device "{name}" already has a project; a device\'s project cannot be changed after selection',
  },
  'project.deviceOtherOwner': {
    'zh-CN': '设备“{name}”不属于该项目所属账号或其下级用户',
    en: 'Device "{name}" does not belong to the project\'s account or its sub-users',
  },

  'tagCategory.notFound': { 'zh-CN': '标签分类不存在', en: 'No such tag category' },
  'tagCategory.nameTaken': { 'zh-CN': '已有同名标签分类', en: 'A tag category with this name already exists' },
  'tagCategory.limit': {
    'zh-CN': '标签分类最多 {max} 个，请先删除不用的分类',
    en: 'At most {max} tag categories; remove one you no longer use first',
  },
  'tag.notFound': { 'zh-CN': '分组不存在', en: 'No such group' },
  'tag.nameTaken': { 'zh-CN': '已有同名分组', en: 'A group with this name already exists' },
  'tag.tooMany': {
    'zh-CN': '设备“{name}”已有 {max} 个标签，每台设备最多 {max} 个标签',
    en: 'Device "{name}" already has {max} tags; a device has at most {max} tags',
  },

  'grant.notBelow': {
    'zh-CN': '只能为您的下级用户授权设备',
    en: 'You can grant devices only to your own sub-users',
  },
  'grant.beyondOwn': {
    'zh-CN': '您对设备 {id} 没有{right}权限，不能授予他人',
    en: 'You do not hold the {right} permission on device {id}, so you cannot grant it',
  },
  'grant.right.view': { 'zh-CN': '查看', en: 'view' },
  'grant.right.edit': { 'zh-CN': '编辑', en: 'edit' },
  'grant.right.delete': { 'zh-CN': '删除', en: 'delete' },
  'grant.beyondLevel': {
    'zh-CN': '该用户的设备等级为 {level} 级，不能授予“{right}”权限（需要 {needed} 级）',
    en: "This user's device level is {level}: the {right} right needs level {needed}",
  },
} as const;

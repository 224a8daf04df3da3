/** The sentences of organisations, roles, apps, code lists and the audit search, in zh-CN and English. */
export const orgsMessages = {
  'v.org.name': { 'zh-CN': '组织名称为 1-50 个字符', en: 'Organisation name: 1-50 characters' },
  'v.org.code': {
    'zh-CN': '组织编码最多 32 位，只能包含字母、数字、下划线和短横线',
    en: 'Organisation code: up to 32 letters, digits, underscores or hyphens',
  },
  'v.role.name': { 'zh-CN': '角色名称为 1-30 个字符', en: 'Role name: 1-30 characters' },
  'v.role.code': {
    'zh-CN': '角色编码为 2-40 位小写字母、数字或下划线，以字母开头',
    en: 'Role code: 2-40 lower-case letters, digits or underscores, starting with a letter',
  },
  'v.perms': {
    'zh-CN': '权限码以逗号分隔，* 表示全部',
    en: 'Permission codes are separated by commas; * means all',
  },
  'v.pointKey': {
    'zh-CN': '数据点标识为 1-64 位字母、数字、下划线、点或短横线',
    en: 'Data point key: 1-64 letters, digits, underscores, dots or hyphens',
  },
  'v.timeRange': { 'zh-CN': '开始时间必须早于结束时间', en: 'The start time must be before the end time' },

  'org.notFound': { 'zh-CN': '组织不存在', en: 'No such organisation' },
  'org.typeNotAllowed': {
    'zh-CN': '该类型的组织不能放在所选上级下',
    en: 'An organisation of this type cannot be placed under the chosen parent',
  },
  'org.topLevelPlatformOnly': {
    'zh-CN': '只有平台管理员可以创建顶级组织',
    en: 'Only the platform administrator can create a top-level organisation',
  },
  'org.moveIntoItself': {
    'zh-CN': '不能将组织移动到其自身或其下级之下',
    en: 'An organisation cannot be moved under itself or one of its own sub-organisations',
  },
  'org.notEmpty': {
    'zh-CN': '该组织下仍有下级组织或成员，请先移走或删除',
    en: 'This organisation still has sub-organisations or members; move or remove them first',
  },
  'org.nameTaken': {
    'zh-CN': '同一上级下已有同名组织',
    en: 'An organisation with this name already exists under the same parent',
  },
  'org.parentDisabled': {
    'zh-CN': '上级组织已停用，请先启用',
    en: 'The parent organisation is disabled; enable it first',
  },
  'org.ownRoot': {
    'zh-CN': '不能移动、停用或删除您所管理的组织本身',
    en: 'You cannot move, disable or remove the organisation you administer',
  },
  'org.notClass': { 'zh-CN': '请选择班级', en: 'Choose a class' },

  'role.notFound': { 'zh-CN': '角色不存在', en: 'No such role' },
  'role.builtin': { 'zh-CN': '内置角色不能删除', en: 'Built-in roles cannot be removed' },
  'role.builtinLocked': {
    'zh-CN': '只有平台管理员可以修改内置角色',
    en: 'Only the platform administrator can change built-in roles',
  },
  'role.platformOnly': {
    'zh-CN': '只有平台管理员可以管理全平台角色和默认角色',
    en: 'Only the platform administrator can manage platform-wide roles and the default role',
  },
  'role.assigned': {
    'zh-CN': '该角色仍分配给 {count} 个用户，请先收回',
    en: 'This role is still assigned to {count} users; take it from them first',
  },
  'role.escalation': {
    'zh-CN': '不能授予超出您自身角色的权限',
    en: 'You cannot grant permissions that your own role does not have',
  },
  'role.codeTaken': { 'zh-CN': '角色编码已存在', en: 'This role code is already taken' },
  'role.nameTaken': { 'zh-CN': '已有同名角色', en: 'A role with this name already exists' },
  'role.unknownPath': { 'zh-CN': '未知的功能路径：{path}', en: 'Unknown feature path: {path}' },
  'role.unknownCode': {
    'zh-CN': '功能 {path} 没有权限码 {code}',
    en: 'The feature {path} has no permission code {code}',
  },
  'role.menuNotIot': {
    'zh-CN': '只能选择设备云的菜单：{path}',
    en: 'Only Device Cloud menus can be chosen: {path}',
  },
  'role.iotOnly': {
    'zh-CN': '菜单权限和数据点权限只属于设备云角色',
    en: 'Menu and data-point permissions belong to Device Cloud roles',
  },
  'role.pointDuplicate': {
    'zh-CN': '数据点权限重复：模板 {templateId} 的 {pointKey}',
    en: 'Duplicate data-point permission: {pointKey} of template {templateId}',
  },
  'role.orgRequired': {
    'zh-CN': '请选择该角色所属的组织',
    en: 'Choose the organisation where the user holds this role',
  },
  'role.orgNotAllowed': {
    'zh-CN': '设备云和平台角色不属于任何组织',
    en: 'Device Cloud and platform roles do not belong to an organisation',
  },
  'role.notHeld': { 'zh-CN': '该用户没有此角色', en: 'The user does not hold this role' },
  'role.ownCurrent': {
    'zh-CN': '不能收回您当前正在使用的角色',
    en: 'You cannot take away the role you are currently using',
  },

  'subUser.notSelf': {
    'zh-CN': '不能停用或删除自己的账号',
    en: 'You cannot disable or delete your own account',
  },
  'subUser.hasChildren': {
    'zh-CN': '该用户还有下级用户，请先删除下级用户',
    en: 'This user has sub-users of their own; remove them first',
  },
  'subUser.limit': {
    'zh-CN': '超出下级用户数量：账号 {account} 的会员可有 {limit} 个下级用户，已有 {used} 个；升级会员可添加更多',
    en: 'Sub-user limit reached: the membership of account {account} allows {limit} sub-users and it has {used}; upgrade the membership to add more',
  },
  'subUser.notDeviceCloud': {
    'zh-CN': '只有设备云账号可以拥有下级用户',
    en: 'Only Device Cloud accounts can have sub-users',
  },

  'app.notFound': { 'zh-CN': '应用不存在', en: 'No such app' },
  'app.alreadyUsable': { 'zh-CN': '您已可以使用该应用', en: 'You can already use this app' },
  'app.applyPending': {
    'zh-CN': '您对该应用的申请正在审核中',
    en: 'Your application for this app is awaiting review',
  },
  'app.applicationNotFound': { 'zh-CN': '申请不存在', en: 'No such application' },
  'app.applicationDecided': { 'zh-CN': '该申请已处理', en: 'This application has already been decided' },

  'dict.notFound': { 'zh-CN': '字典类型不存在：{type}', en: 'No such code list: {type}' },
} as const;

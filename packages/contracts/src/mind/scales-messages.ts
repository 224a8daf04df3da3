/** Messages of scales, in every language. */
export const scalesMessages = {
  'v.scale.id': {
    'zh-CN': '编号为 1-32 位字母、数字、点、下划线或短横线，以字母或数字开头',
    en: 'An id: 1-32 letters, digits, dots, underscores or dashes, starting with a letter or digit',
  },
  'v.scale.code': {
    'zh-CN': '量表代码为 1-32 位字母、数字、下划线或短横线',
    en: 'Scale code: 1-32 letters, digits, underscores or dashes',
  },
  'v.scale.text': { 'zh-CN': '请至少填写中文或英文其中一种', en: 'Write the text in Chinese or English, at least one' },
  'v.scale.textLength': { 'zh-CN': '文字不能超过 2000 个字符', en: 'Text: at most 2000 characters' },
  'v.scale.score': { 'zh-CN': '分值应为 -1000 到 1000 之间的数字', en: 'A score is a number from -1000 to 1000' },
  'v.scale.optionValue': {
    'zh-CN': '选项值为 1-16 位字母、数字、下划线或短横线',
    en: 'Option value: 1-16 letters, digits, underscores or dashes',
  },
  'v.scale.options': { 'zh-CN': '每题需要 2-20 个选项', en: 'Each item needs 2 to 20 options' },
  'v.scale.items': { 'zh-CN': '量表需要 1-300 道题目', en: 'A scale has 1 to 300 items' },
  'v.scale.duplicate': { 'zh-CN': '编号“{id}”重复', en: 'The id "{id}" is used twice' },
  'v.scale.duplicateOption': { 'zh-CN': '选项值“{value}”重复', en: 'The option value "{value}" is used twice' },
  'v.scale.unknownItem': { 'zh-CN': '没有编号为“{id}”的题目', en: 'There is no item "{id}"' },
  'v.scale.unknownFactor': { 'zh-CN': '没有编号为“{id}”的因子', en: 'There is no factor "{id}"' },
  'v.scale.unknownFlag': {
    'zh-CN': '没有编号为“{id}”的标记（标记须在使用前定义）',
    en: 'There is no flag "{id}" defined before this point',
  },
  'v.scale.unknownBand': { 'zh-CN': '没有编号为“{id}”的分段', en: 'There is no band "{id}"' },
  'v.scale.bandRange': { 'zh-CN': '分段的最低分不能高于最高分', en: 'A band cannot start above its end' },
  'v.scale.bandOverlap': {
    'zh-CN': '分段“{id}”与前一分段重叠',
    en: 'The band "{id}" overlaps the band before it',
  },
  'v.scale.method': { 'zh-CN': '计分方式应为求和、均分或标准分', en: 'Scoring is a sum, a mean or a standard score' },
  'v.scale.multiplier': {
    'zh-CN': '标准分需要大于 0、不超过 100 的乘数',
    en: 'A standard score needs a multiplier above 0 and at most 100',
  },
  'v.scale.factorItems': { 'zh-CN': '因子至少包含一道题目', en: 'A factor holds at least one item' },
  'v.scale.comparison': {
    'zh-CN': '比较方式应为大于、大于等于、小于、小于等于或等于',
    en: 'A comparison is gt, gte, lt, lte or eq',
  },
  'v.scale.condition': { 'zh-CN': '条件不完整或类型不正确', en: 'The condition is incomplete or of an unknown kind' },
  'v.scale.level': {
    'zh-CN': '预警等级编号为 1-32 位小写字母或数字',
    en: 'Warning level: 1-32 lowercase letters or digits',
  },
  'v.scale.audience': { 'zh-CN': '适用对象应为学生、教师或他评', en: 'Audience: student, teacher or other rater' },
  'v.scale.language': { 'zh-CN': '请至少选择一种题目语言', en: 'Choose at least one language of the items' },
  'v.scale.itemText': {
    'zh-CN': '题目文本应为“题号 → 文本”，题号须是量表中的题目',
    en: 'Item text maps an item number to its text, and the number must be an item of the scale',
  },
  'v.scale.source': { 'zh-CN': '来源应为内置或自定义', en: 'Source: built-in or custom' },
  'v.scale.status': { 'zh-CN': '状态应为草稿、已发布或已停用', en: 'Status: draft, published or unpublished' },
  'scale.answer.missing': { 'zh-CN': '第 {no} 题未作答', en: 'Item {no} is not answered' },
  'scale.answer.outOfRange': {
    'zh-CN': '第 {no} 题的答案不是该题的选项',
    en: 'The answer to item {no} is not one of its options',
  },
  'scale.answer.unknownItem': { 'zh-CN': '量表中没有题目“{item}”', en: 'The scale has no item "{item}"' },
  'scale.notFound': { 'zh-CN': '量表不存在或不在您的数据范围内', en: 'No such scale within your data scope' },
  'scale.notPublished': { 'zh-CN': '量表尚未发布', en: 'The scale is not published' },
  'scale.builtIn': { 'zh-CN': '内置量表不能修改或删除', en: 'A built-in scale cannot be changed or deleted' },
  'scale.codeTaken': { 'zh-CN': '量表代码“{code}”已被使用', en: 'The scale code "{code}" is already used' },
  'scale.used': {
    'zh-CN': '量表已被测评任务使用，不能删除，可以停用',
    en: 'The scale is used by an assessment task: it cannot be deleted, only unpublished',
  },
  'scale.notOwner': {
    'zh-CN': '该量表属于“{org}”，只有该机构可以修改',
    en: 'This scale belongs to {org}; only it can change the scale',
  },
  'scale.itemTextAdmin': {
    'zh-CN': '只有平台管理员或顶级机构管理员可以导入授权题目文本',
    en: 'Only the platform administrator or an administrator of a top organisation can import licensed item text',
  },
  'scale.noDraft': { 'zh-CN': '量表没有待发布的草稿', en: 'The scale has no draft to publish' },
  'scale.orgRequired': {
    'zh-CN': '请选择量表所属的机构',
    en: 'Choose the organisation the scale belongs to',
  },
  'scale.notLicensed': {
    'zh-CN': '只有需要授权文本的量表才能导入题目文本',
    en: 'Item text can be imported only for scales whose text is licensed',
  },
  'scale.importFile': {
    'zh-CN': '无法读取题目文件：请上传 xlsx 或 JSON，第一列为题号，第二列为文本',
    en: 'The item file cannot be read: upload xlsx or JSON, item number in the first column and text in the second',
  },
} as const;

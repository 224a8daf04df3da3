/** Messages of the operation center, in every language. */
export const operationsMessages = {
  'v.ops.window': { 'zh-CN': '请选择统计范围（最近 30 天或 12 个月）', en: 'Choose the window: 30 days or 12 months' },
  'ops.export.sheet': { 'zh-CN': '运营统计', en: 'Operation statistics' },
} as const;

/** Messages of the areas and the student roll (decision 0109), in every language. */
export const areasMessages = {
  'area.outside': {
    'zh-CN': '该区域不在您的数据范围内，请从区域列表中选择',
    en: 'That area is outside your data scope; choose one from the area list',
  },
} as const;

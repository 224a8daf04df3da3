/** Messages of neutral operation (brands on custom domains), in every language. */
export const brandsMessages = {
  'v.brand.name': {
    'zh-CN': '请填写平台名称（最多 30 个字符）',
    en: 'Give the platform a name (at most 30 characters)',
  },
  'v.brand.logo': { 'zh-CN': '请上传 106×60 像素的 Logo', en: 'Upload a logo of 106x60 px' },
  'v.brand.favicon': { 'zh-CN': '网站图标无效，请重新上传', en: 'The favicon is not valid: upload it again' },
  'v.brand.background': {
    'zh-CN': '登录背景图无效，请重新上传',
    en: 'The sign-in background is not valid: upload it again',
  },
  'v.brand.color': {
    'zh-CN': '主题色须为 #RRGGBB 格式，例如 #1677ff',
    en: 'The primary colour must be #RRGGBB, for example #1677ff',
  },
  'v.brand.icp': { 'zh-CN': '备案号最多 100 个字符', en: 'The ICP record is at most 100 characters' },
  'v.brand.domainStart': {
    'zh-CN': '自定义域名必须以 console 开头，例如 console.example.com',
    en: 'The custom domain must start with console, like console.example.com',
  },
  'v.brand.domainLevels': {
    'zh-CN': '自定义域名最多三级，例如 console.example.com',
    en: 'The custom domain may have at most three levels, like console.example.com',
  },
  'v.brand.domainFormat': {
    'zh-CN': '自定义域名只能包含字母、数字和连字符',
    en: 'The custom domain may hold only letters, digits and hyphens',
  },
  'v.brand.status': { 'zh-CN': '请选择启用或停用', en: 'Choose enabled or disabled' },
  'brand.domainTaken': {
    'zh-CN': '域名 {domain} 已被其他品牌使用',
    en: 'The domain {domain} is used by another brand',
  },
  'brand.notNeutral': {
    'zh-CN': '只有中性会员可以配置品牌，请先购买中性运营',
    en: 'Only neutral members configure a brand: buy neutral operation first',
  },
  'brand.notLogo': {
    'zh-CN': 'Logo 须为上传的 106×60 像素 jpg、png 或 gif 图片',
    en: 'The logo must be an uploaded jpg, png or gif of 106x60 px',
  },
  'brand.notImage': {
    'zh-CN': '图片须为上传的 jpg 或 png 图片',
    en: 'The image must be an uploaded jpg or png',
  },
  'brand.customerNotFound': {
    'zh-CN': '该账号不是您带来的客户',
    en: 'That account is not one of your customers',
  },
} as const;

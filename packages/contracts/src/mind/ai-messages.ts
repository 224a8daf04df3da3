/** Messages of the AI settings and generated suggestions, in every language (decision 0090). */
export const aiMessages = {
  'v.ai.baseUrl': {
    'zh-CN': '请输入以 http:// 或 https:// 开头的地址（最多 300 字符）',
    en: 'Enter an address starting with http:// or https:// (at most 300 characters)',
  },
  'v.ai.model': { 'zh-CN': '模型名称最多 100 个字符', en: 'The model name: at most 100 characters' },
  'v.ai.apiKey': { 'zh-CN': '密钥最多 500 个字符', en: 'The key: at most 500 characters' },
  'v.ai.budget': { 'zh-CN': '每日额度为 0 到 1 亿个 token', en: 'The daily budget: 0 to 100,000,000 tokens' },
  'v.ai.legalBasis': { 'zh-CN': '法律依据最多 500 字', en: 'The legal basis: at most 500 characters' },
  'v.ai.retentionDays': {
    'zh-CN': '对话记录保留天数为 30 到 1825 天的整数',
    en: 'Keep transcripts for a whole number of days from 30 to 1825',
  },
  'v.ai.deleteReason': {
    'zh-CN': '请填写删除原因（最多 500 字）',
    en: 'Give the reason for the deletion (at most 500 characters)',
  },
  'ai.transcriptGone': {
    'zh-CN': '该对话记录已删除',
    en: 'This transcript has already been deleted',
  },
  'ai.needsEndpoint': {
    'zh-CN': '开启 AI 前请填写接口地址和模型',
    en: 'Fill in the endpoint address and the model before turning AI on',
  },
  'ai.legalBasisRequired': {
    'zh-CN': '开启发送前请记录法律依据',
    en: 'Record the legal basis before turning sending on',
  },
  'ai.districtNotFound': {
    'zh-CN': '没有找到该区县，或您无权管理它',
    en: 'No such district, or it is not yours to manage',
  },
  'ai.schoolNotFound': {
    'zh-CN': '没有找到该学校，或您无权管理它',
    en: 'No such school, or it is not yours to manage',
  },
  'ai.off': { 'zh-CN': 'AI 功能已关闭，其他功能照常使用', en: 'AI is turned off; everything else works as usual' },
  'ai.notSet': {
    'zh-CN': '尚未配置 AI 接口，请管理员在“AI 设置”中填写；其他功能照常使用',
    en: 'No AI endpoint is set up yet: an administrator can set one in AI settings. Everything else works as usual',
  },
  'ai.noLegalBasis': {
    'zh-CN': '本校尚未记录发送学生资料的法律依据，AI 建议不可用；其他功能照常使用',
    en: 'Your school has not recorded a legal basis for sending student data, so AI suggestions are not available. Everything else works as usual',
  },
  'ai.overBudget': {
    'zh-CN': '本校今天的 AI 额度已用完，明天再试；其他功能照常使用',
    en: 'Your school has used today’s AI budget; try again tomorrow. Everything else works as usual',
  },
  'ai.rateLimited': {
    'zh-CN': 'AI 服务繁忙（请求过多），请 {seconds} 秒后再试',
    en: 'The AI service is busy (too many requests); try again in {seconds} seconds',
  },
  'ai.unauthorized': {
    'zh-CN': 'AI 服务拒绝了密钥（401），请管理员检查“AI 设置”中的密钥',
    en: 'The AI service refused the key (401); an administrator can check the key in AI settings',
  },
  'ai.unreachable': {
    'zh-CN': '连接不上 AI 服务，请稍后再试或请管理员检查接口地址',
    en: 'The AI service cannot be reached; try again later or ask an administrator to check the address',
  },
  'ai.timeout': {
    'zh-CN': 'AI 服务没有及时回应，请稍后再试',
    en: 'The AI service did not answer in time; try again later',
  },
  'ai.failed': {
    'zh-CN': 'AI 服务出错（{status}），请稍后再试',
    en: 'The AI service failed ({status}); try again later',
  },
  'ai.emptyDraft': { 'zh-CN': 'AI 服务没有给出建议，请再试一次', en: 'The AI service gave no suggestions; try again' },
} as const;

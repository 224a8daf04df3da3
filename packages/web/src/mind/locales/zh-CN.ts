import type { Messages } from '../../shared/i18n.ts';

export const zhCN = {
  appName: '心理健康管理平台',
  route: { home: '首页' },
  home: {
    heading: '欢迎使用心理健康管理平台',
    intro: '为教育局和学校提供心理测评、预警干预、学生档案与数据看板，及早发现、持续关注每一位学生。',
    areasTitle: '功能概览',
    areas: {
      scales: { name: '量表测评', description: '学生自评、教师测评、他评与 AI 访谈测评。' },
      warnings: { name: '预警干预', description: '测评结果触发预警，跟进访谈、干预方案、家访与回访。' },
      security: { name: '安全预警', description: '行为预警、轨迹查询与预警推送配置。' },
      emotion: { name: '情绪分析', description: '情绪预警、心情日记与学校、班级情绪看板。' },
      groups: { name: '团体辅导', description: '团辅活动的申请、审核与记录。' },
      archives: { name: '学生档案', description: '成长记录、测评结果与干预过程的完整时间线。' },
      dashboards: { name: '数据看板', description: '区县与学校大屏、统计报表和下载中心。' },
      docking: { name: '省平台对接', description: '向省级平台上报数据，查看上报记录并重新推送。' },
    },
    todoTitle: '待办事项',
    noTodo: '暂无待办事项',
  },
} satisfies Messages;

export type MindMessages = typeof zhCN;

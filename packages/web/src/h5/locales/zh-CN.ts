import type { Messages } from '../../shared/i18n.ts';

export const zhCN = {
  appName: 'Meridian 移动端',
  route: { tasks: '我的任务' },
  tasks: {
    heading: '我的任务',
    intro: '测评、问卷、心情日记和现场工单都会汇总在这里。',
    pending: '待完成',
    done: '已完成',
    noPending: '暂时没有待完成的任务',
    noDone: '还没有已完成的任务',
    hint: '学校发布测评或问卷、或有新工单派给你时，会第一时间出现在这里。',
  },
} satisfies Messages;

export type H5Messages = typeof zhCN;

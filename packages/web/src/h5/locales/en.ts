import type { H5Messages } from './zh-CN.ts';

export const en: H5Messages = {
  appName: 'Meridian Mobile',
  route: { tasks: 'My tasks' },
  tasks: {
    heading: 'My tasks',
    intro: 'Assessments, surveys, the mood journal and work orders on site all gather here.',
    pending: 'To do',
    done: 'Done',
    noPending: 'Nothing waiting for you',
    noDone: 'Nothing finished yet',
    hint: 'When your school publishes an assessment or survey, or a work order is assigned to you, it appears here at once.',
  },
};

import type { MindMessages } from './zh-CN.ts';

export const en: MindMessages = {
  appName: 'Mind',
  route: { home: 'Home' },
  home: {
    heading: 'Welcome to Mind',
    intro:
      'Psychological assessments, early warning and intervention, student archives and dashboards for education bureaus and schools: notice early, and keep caring for every student.',
    areasTitle: 'What Mind does',
    areas: {
      scales: {
        name: 'Scale assessments',
        description: 'Student self-assessments, teacher and other-rater scales, and AI interviews.',
      },
      warnings: {
        name: 'Warnings and intervention',
        description: 'Results that meet a rule open a warning, followed by interviews, plans, home and return visits.',
      },
      security: { name: 'Security warnings', description: 'Behaviour alerts, trajectory queries and push settings.' },
      emotion: {
        name: 'Emotion analysis',
        description: 'Emotion alerts, the mood journal, and school and class emotion boards.',
      },
      groups: { name: 'Group counselling', description: 'Applications, approval and records of group sessions.' },
      archives: {
        name: 'Student archives',
        description: 'A full timeline of growth records, assessment results and interventions.',
      },
      dashboards: { name: 'Dashboards', description: 'District and school screens, reports and the download center.' },
      docking: {
        name: 'Province docking',
        description: 'Report records to the province platform, review pushes and resend.',
      },
    },
    todoTitle: 'To-do items',
    noTodo: 'Nothing to do right now',
  },
};

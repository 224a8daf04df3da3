import type { TemplatesStrings } from './messages.ts';

/** The English words of the template center (same keys as the Chinese). */
export const templatesEn: TemplatesStrings = {
  templates: {
    noAccess: 'Your current role may not see the template center; ask your administrator if you need it.',
    mine: {
      title: 'Your school’s screen and report template',
      intro:
        'Chosen for your school by its bureau: the home screen is the wall your school’s leaders open, and the report template decides which parts your statistical report shows.',
      screen: 'Home screen',
      report: 'Report template',
      open: 'Open your school’s screen',
      toReport: 'See the statistical report',
      byDefault: 'Not chosen yet: the default templates',
      chosenBy: 'Chosen by {{who}} on {{at}}',
    },
    schools: {
      title: 'Templates of each school',
      intro:
        'Choose each school’s home screen and statistical report template; the school’s screen entry and its reports follow the choice.',
      school: 'School',
      screen: 'Home screen',
      report: 'Report template',
      chosen: 'Chosen by, on',
      byDefault: 'Default',
      open: 'Open',
      edit: 'Choose',
      empty: 'No school in your scope',
      dialog: 'Templates of {{school}}',
      ok: 'Save',
      cancel: 'Cancel',
      saved: 'Saved: the school’s screen entry and reports follow the choice',
    },
    screens: {
      title: 'Screen templates',
      intro: 'Each of the sixteen screens has its audience: a screen about one school can be a school’s home screen.',
      audience: { district: 'District', school: 'School', person: 'Person' },
      preview: 'Preview',
      about: {
        districtYouthSoulHome: 'The district’s youth mental health at a glance, and a way into each school',
        districtYouthSoulHomeWarning: 'The district’s warnings by level, stage and school, and handling time',
        districtScreen: 'Each school’s screening coverage, results by band and warning handling',
        districtScreenGs: 'Results and warnings compared by primary, junior and senior stage',
        districtScreenJd: 'The district screen of one sub-district',
        districtScreenEmotion: 'The negative share of classroom emotions by school, and its trend',
        districtScreenEmotionJd: 'The emotion screen of one sub-district',
        districtYouthSoulHomeSchool: 'One school’s results and warnings by class and grade',
        schoolWarningScreen: 'A school’s warnings by level, grade and month',
        manageScreen: 'Task completion, warning handling, counselling and home visits',
        schoolWarning: 'Open warnings, overdue follow-ups and who holds them',
        schoolWarningScreenEmotion: 'A heat of the classes’ emotions and the hours of the day',
        securityScreen: 'Campus behaviour alerts and the devices online',
        schoolScreen: 'A school’s aggregates, published through a link',
        mindProfile: 'One student’s psychological profile',
        personalInformation: 'One’s own account information',
      },
    },
    reports: {
      title: 'Report templates',
      intro: 'A school’s statistical report shows these parts under the template chosen.',
      names: { full: 'Full report', screening: 'Screening report', warnings: 'Warnings report' },
      sections: { figures: 'Figures', bands: 'Results by band', levels: 'Warning levels', schools: 'Schools compared' },
    },
  },
};

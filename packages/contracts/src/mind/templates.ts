import { z } from 'zod';

/**
 * The template center (`/data/templateHome`, decision 0132): which large screen a school's home
 * screen opens and which template its statistical reports use, chosen by the bureau above it.
 */

/** The screens a bureau may give a school as its home screen: those about one school, which take `?schoolId=`. */
export const SCHOOL_HOME_SCREENS = [
  'schoolWarningScreen',
  'manageScreen',
  'schoolWarning',
  'schoolWarningScreenEmotion',
  'securityScreen',
  'districtYouthSoulHomeSchool',
] as const;
export type SchoolHomeScreen = (typeof SCHOOL_HOME_SCREENS)[number];

/** The sixteen screens, each with whom it is for; only the `school` ones may be a school's home screen. */
export const SCREEN_TEMPLATES: ReadonlyArray<{ screen: string; audience: 'district' | 'school' | 'person' }> = [
  { screen: 'districtYouthSoulHome', audience: 'district' },
  { screen: 'districtYouthSoulHomeWarning', audience: 'district' },
  { screen: 'districtScreen', audience: 'district' },
  { screen: 'districtScreenGs', audience: 'district' },
  { screen: 'districtScreenJd', audience: 'district' },
  { screen: 'districtScreenEmotion', audience: 'district' },
  { screen: 'districtScreenEmotionJd', audience: 'district' },
  { screen: 'districtYouthSoulHomeSchool', audience: 'school' },
  { screen: 'schoolWarningScreen', audience: 'school' },
  { screen: 'manageScreen', audience: 'school' },
  { screen: 'schoolWarning', audience: 'school' },
  { screen: 'schoolWarningScreenEmotion', audience: 'school' },
  { screen: 'securityScreen', audience: 'school' },
  { screen: 'schoolScreen', audience: 'school' },
  { screen: 'mindProfile', audience: 'person' },
  { screen: 'personalInformation', audience: 'person' },
];

/**
 * The statistical report's templates: which of its sections a school's report shows. `full` is
 * every section; `screening` the figures, bands and schools; `warnings` the figures and the levels.
 */
export const REPORT_TEMPLATES = ['full', 'screening', 'warnings'] as const;
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];
export const REPORT_SECTIONS: Readonly<
  Record<ReportTemplate, ReadonlyArray<'figures' | 'bands' | 'levels' | 'schools'>>
> = {
  full: ['figures', 'bands', 'levels', 'schools'],
  screening: ['figures', 'bands', 'schools'],
  warnings: ['figures', 'levels'],
};

/** What a school has when nobody chose: the school warning screen and the full report. */
export const DEFAULT_TEMPLATES = { screen: 'schoolWarningScreen', report: 'full' } as const;

export const templateChoice = z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  screen: z.enum(SCHOOL_HOME_SCREENS),
  report: z.enum(REPORT_TEMPLATES),
  /** False while the school has the defaults; who chose and when otherwise. */
  chosen: z.boolean(),
  chosenBy: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type TemplateChoice = z.infer<typeof templateChoice>;

/** The caller's schools with their choices, and whether the caller may choose (a bureau above them). */
export const templateChoices = z.object({
  canChoose: z.boolean(),
  list: z.array(templateChoice),
});
export type TemplateChoices = z.infer<typeof templateChoices>;

export const templateChoose = z.strictObject({
  schoolId: z.number({ error: 'v.template.school' }).int().positive('v.template.school'),
  screen: z.enum(SCHOOL_HOME_SCREENS, { error: 'v.template.screen' }),
  report: z.enum(REPORT_TEMPLATES, { error: 'v.template.report' }),
});
export type TemplateChoose = z.infer<typeof templateChoose>;

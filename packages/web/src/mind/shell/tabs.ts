/**
 * The top sub-navigation of spec section 2: the pages of one route group share a row of tabs.
 * A tab may also stand for pages opened from it (`includes`), and some are only for role ids
 * 1 (bureau administrator) and 2 (school administrator).
 */
export interface TopTab {
  /** The `/data/` child the tab opens; its label is `tabs.<group>.<route>`. */
  route: string;
  includes?: string[];
  roles?: number[];
}

export interface TabGroup {
  key: string;
  tabs: TopTab[];
}

/** Spec section 9: the menu tab role restriction. */
export const ADMIN_ROLES = [1, 2];

export const TAB_GROUPS: TabGroup[] = [
  {
    key: 'reminder',
    tabs: [{ route: 'reminderConfiguration' }, { route: 'reminderConfigurationManagement' }],
  },
  // A group's archive gathers its application and sessions (decision 0109).
  { key: 'group', tabs: [{ route: 'groupApply' }, { route: 'groupRecord' }, { route: 'grp' }] },
  {
    key: 'scales',
    tabs: [
      { route: 'scaleMeasurement', includes: ['scaleResult'] },
      { route: 'otherEvaluation', includes: ['otherScaleResult'] },
      { route: 'systemScale' },
    ],
  },
  {
    key: 'teacherScales',
    tabs: [{ route: 'scaleMeasurementTeacher', includes: ['scaleResultTeacher'] }, { route: 'systemScaleTeacher' }],
  },
  {
    key: 'ai',
    tabs: [
      { route: 'AIScaleMeasurement', includes: ['AIScaleResult', 'AIScaleResultReport'] },
      { route: 'AISystemScale' },
      { route: 'AIReport' },
    ],
  },
  {
    key: 'security',
    tabs: [
      { route: 'securityWarning' },
      // Video playback of the cameras, for whoever handles the alerts (decision 0133).
      { route: 'hk' },
      // The school's day-by-day record of its security and emotion alerts (decision 0118).
      { route: 'behaviorJournal' },
      // Faces and trajectories are the administrators' until a school grants them (decision 0101).
      { route: 'trajectoryQuery', includes: ['trackHk'], roles: ADMIN_ROLES },
      // Whitelist faces: consent, photos and the school's switch (decision 0101).
      { route: 'faceUpload', roles: ADMIN_ROLES },
      // Push configuration is for the administrators (spec section 2, decision 0097).
      { route: 'pushConfig', roles: ADMIN_ROLES },
      // The cameras and terminals the alerts come from, for the administrators who manage them (decision 0088).
      { route: 'equipmentManage', roles: ADMIN_ROLES },
    ],
  },
  {
    // The emotion boards and record, for the administrators (spec section 2, decision 0100).
    key: 'emotionBoards',
    tabs: [
      { route: 'schoolEmotion', roles: ADMIN_ROLES },
      { route: 'classEmotion', includes: ['classEmotionDetail'], roles: ADMIN_ROLES },
      { route: 'emotionRecord', roles: ADMIN_ROLES },
    ],
  },
  {
    key: 'emotion',
    tabs: [
      { route: 'intelEmotion' },
      { route: 'campusPsychology', includes: ['campusPsychologyDetail'], roles: ADMIN_ROLES },
      { route: 'emotionLog' },
      { route: 'warningPushConfig', roles: ADMIN_ROLES },
    ],
  },
];

const opens = (tab: TopTab, route: string) => tab.route === route || (tab.includes ?? []).includes(route);

/**
 * The tabs shown on `route` (a `/data/` child's name) to a user of `roleId`, and the one that is
 * active; none when the route belongs to no group. Restricted tabs are left out for other roles,
 * and so is every tab whose page is not `built` yet: a working page never offers a "coming" one.
 * A row left with one tab (or without the page's own) is no row.
 */
export function tabsFor(
  route: string,
  roleId: number | null,
  built: (route: string) => boolean,
): { group: string; tabs: TopTab[]; active: string } | null {
  const group = TAB_GROUPS.find((g) => g.tabs.some((tab) => opens(tab, route)));
  if (!group) return null;
  const tabs = group.tabs.filter(
    (tab) => built(tab.route) && (!tab.roles || (roleId !== null && tab.roles.includes(roleId))),
  );
  const active = group.tabs.find((tab) => opens(tab, route))?.route ?? route;
  if (tabs.length < 2 || !tabs.some((tab) => tab.route === active)) return null;
  return { group: group.key, tabs, active };
}

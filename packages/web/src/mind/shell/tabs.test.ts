import { describe, expect, it } from 'vitest';
import { BUILT_DATA_PAGES } from './builtPages.ts';
import { tabsFor } from './tabs.ts';

const all = () => true;
const routes = (roleId: number | null, route: string) => tabsFor(route, roleId, all)?.tabs.map((tab) => tab.route);

describe('the top tabs of a route group (spec section 2)', () => {
  it('shows the emotion data board and push config to roles 1 and 2 only', () => {
    const all = ['intelEmotion', 'campusPsychology', 'emotionLog', 'warningPushConfig'];
    expect(routes(1, 'emotionLog')).toEqual(all);
    expect(routes(2, 'emotionLog')).toEqual(all);
    expect(routes(3, 'emotionLog')).toEqual(['intelEmotion', 'emotionLog']);
    expect(routes(null, 'emotionLog')).toEqual(['intelEmotion', 'emotionLog']);
  });

  it('shows the video playback to all, and trajectories, faces, push configuration and campus equipment beside the behaviour alerts to roles 1 and 2 only, once built', () => {
    const built = (route: string) => BUILT_DATA_PAGES[route] !== undefined;
    expect(tabsFor('securityWarning', 2, built)?.tabs.map((tab) => tab.route)).toEqual([
      'securityWarning',
      'hk',
      'behaviorJournal',
      'trajectoryQuery',
      'faceUpload',
      'pushConfig',
      'equipmentManage',
    ]);
    expect(tabsFor('pushConfig', 1, built)?.active).toBe('pushConfig');
    expect(tabsFor('equipmentManage', 1, built)?.active).toBe('equipmentManage');
    // The playback lights the trajectory query it is played from.
    expect(tabsFor('trackHk', 2, built)?.active).toBe('trajectoryQuery');
    // The psychology teacher has the video playback (decision 0133) and the behaviour journal (decision 0118) beside the alerts.
    expect(tabsFor('securityWarning', 3, built)?.tabs.map((tab) => tab.route)).toEqual([
      'securityWarning',
      'hk',
      'behaviorJournal',
    ]);
  });

  it('lights the tab a page belongs to, and none on a page outside every group', () => {
    expect(tabsFor('scaleResult', 3, all)?.active).toBe('scaleMeasurement');
    expect(tabsFor('otherScaleResult', 3, all)?.active).toBe('otherEvaluation');
    expect(tabsFor('home', 1, all)).toBeNull();
  });

  it('offers no tab whose page is not built, and no row of one tab', () => {
    const built = (route: string) => BUILT_DATA_PAGES[route] !== undefined;
    // The AI scale library, AI interview assessments and the AI tree hole are built (issue 23).
    expect(tabsFor('AISystemScale', 1, built)?.tabs.map((tab) => tab.route)).toEqual([
      'AIScaleMeasurement',
      'AISystemScale',
      'AIReport',
    ]);
    expect(tabsFor('AIScaleResultReport', 3, built)?.active).toBe('AIScaleMeasurement');
    expect(tabsFor('systemScale', 3, built)?.tabs.map((tab) => tab.route)).toEqual([
      'scaleMeasurement',
      'otherEvaluation',
      'systemScale',
    ]);
    // Only the built tabs of the AI row, when one of it is not built.
    const withoutReport = (route: string) => built(route) && route !== 'AIReport';
    expect(tabsFor('AISystemScale', 1, withoutReport)?.tabs.map((tab) => tab.route)).toEqual([
      'AIScaleMeasurement',
      'AISystemScale',
    ]);
  });
});

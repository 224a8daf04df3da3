import { describe, expect, it } from 'vitest';
import { tabsFor } from './tabs.ts';

const routes = (roleId: number | null, route: string) => tabsFor(route, roleId)?.tabs.map((tab) => tab.route);

describe('the top tabs of a route group (spec section 2)', () => {
  it('shows the emotion data board and push config to roles 1 and 2 only', () => {
    const all = ['intelEmotion', 'campusPsychology', 'emotionLog', 'warningPushConfig'];
    expect(routes(1, 'emotionLog')).toEqual(all);
    expect(routes(2, 'emotionLog')).toEqual(all);
    expect(routes(3, 'emotionLog')).toEqual(['intelEmotion', 'emotionLog']);
    expect(routes(null, 'emotionLog')).toEqual(['intelEmotion', 'emotionLog']);
  });

  it('lights the tab a page belongs to, and none on a page outside every group', () => {
    expect(tabsFor('scaleResult', 3)?.active).toBe('scaleMeasurement');
    expect(tabsFor('otherScaleResult', 3)?.active).toBe('otherEvaluation');
    expect(tabsFor('home', 1)).toBeNull();
  });
});

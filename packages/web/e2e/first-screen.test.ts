import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dist, type FirstScreen, firstScreenFiles, readManifest, screens } from '../../../bench/web.ts';
import { buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { portalSuite } from './portal-server.ts';

// `npm run bench web` weighs each front end's first screen from the build manifest (decision
// 0051); this walks the same screens in Chromium and checks that the bench counts exactly the
// scripts the browser fetches before the screen shows, so that its figures can be trusted.

const suite = portalSuite();
const webDir = process.env.MERIDIAN_WEB_DIR ?? dist;

interface Walk {
  /** The address a user opens: a visitor, or someone the address hands a token to. */
  address: string;
  signedIn?: 'admin' | 'staff';
  testId: string;
}

// The answer page needs a task to answer; the H5 sign-in is what a student without a session meets.
const walks: Record<string, Walk> = {
  'H5 sign-in': { address: '/h5/tasks', testId: 'h5-login' },
  'Portal sign-in': { address: '/login', testId: 'login-page' },
  'Portal launcher': { address: '/', signedIn: 'admin', testId: 'portal-home' },
  'Device Cloud home': { address: '/iot/', signedIn: 'admin', testId: 'iot-home' },
  'Mind home': { address: '/jdp/data/home', signedIn: 'staff', testId: 'mind-home' },
};

async function tokenOf(who: 'admin' | 'staff'): Promise<string> {
  const { account, password } =
    who === 'admin' ? { account: 'admin', password: 'Admin#2026' } : await buildUser(suite.server.db);
  const response = await fetch(`${suite.server.url}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/**
 * Code of antd that these screens do not draw, each known by a string its build keeps (decision
 * 0051): the form engine's validator, Typography's editing, Collapse, the Tabs of a Card, and the
 * feedback of `App.useApp()` (Modal's confirm, loaded on first use by `FeedbackApp`), and Result
 * with its pictures (a failure draws its own, `LoadFailed`). The sign-in
 * page draws tabs and a form without the engine, Mind's frame draws tabs.
 */
const markers = {
  formEngine: 'Validation error on field %s',
  typographyEditing: '-edit-content',
  collapse: '-collapsible-header',
  tabs: '-nav-operations',
  feedback: '-confirm-body',
  badge: '-ribbon-wrapper',
  result: '#FFC6A0',
};
const notDrawn: Record<string, (keyof typeof markers)[]> = {
  'Portal sign-in': ['formEngine', 'typographyEditing', 'collapse', 'feedback'],
  'Portal launcher': ['formEngine', 'typographyEditing', 'collapse', 'tabs', 'feedback', 'badge'],
  'Device Cloud home': ['formEngine', 'typographyEditing', 'collapse', 'tabs', 'feedback', 'badge'],
  'Mind home': ['formEngine', 'typographyEditing', 'collapse', 'feedback', 'badge', 'result'],
};

const measured = screens.filter((screen): screen is FirstScreen => screen.name in walks);

describe('the first screen of each front end', () => {
  it('covers every screen the bench holds to a limit', () => {
    expect(measured.map((screen) => screen.name).sort()).toEqual(
      screens
        .filter((screen) => screen.limitKb !== undefined)
        .map((screen) => screen.name)
        .sort(),
    );
  });

  it.each(Object.entries(notDrawn))("%s fetches none of antd's code it does not draw", (name, parts) => {
    const screen = screens.find((candidate) => candidate.name === name);
    if (!screen) throw new Error(`No screen ${name}`);
    const html = fs.readFileSync(path.join(webDir, screen.html), 'utf8');
    const code = firstScreenFiles(screen, html, readManifest(webDir))
      .map((file) => fs.readFileSync(path.join(webDir, file), 'utf8'))
      .join('\n');
    expect(parts.filter((part) => code.includes(markers[part]))).toEqual([]);
  });

  it.each(measured.map((screen) => [screen.name, screen] as const))(
    '%s fetches the scripts the bench weighs, no more, no fewer',
    async (name, screen) => {
      const walk = walks[name];
      if (!walk) throw new Error(`No walk for ${name}`);
      const { page, problems, close } = await visit(suite.browser);
      try {
        const fetched: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.origin === suite.server.url && url.pathname.endsWith('.js')) fetched.push(url.pathname.slice(1));
        });
        const address = new URL(suite.server.url + walk.address);
        if (walk.signedIn) address.searchParams.set('token', await tokenOf(walk.signedIn));
        await page.goto(address.toString());
        await page.getByTestId(walk.testId).waitFor();
        const beforeFirstScreen = [...new Set(fetched)].sort();

        const html = fs.readFileSync(path.join(webDir, screen.html), 'utf8');
        const counted = firstScreenFiles(screen, html, readManifest(webDir)).sort();
        expect(beforeFirstScreen).toEqual(counted);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});

import {
  envelopeOf,
  interveneCodes,
  mindProfile,
  mindProfileQuery,
  moodWeek,
  newestScaleInfo,
  screenBandQuery,
  screenBands,
  screenCare,
  screenGauge,
  screenGradeWarnings,
  screenHolders,
  screenLink,
  screenLinkCreate,
  screenLinkCreated,
  screenLinkHeaders,
  screenLinkRevoke,
  screenLinks,
  screenNodes,
  screenOverduePage,
  screenPageQuery,
  screenPublicOverview,
  screenQuery,
  screenSchools,
  screenStages,
  screenTasks,
  screenTrend,
  securityDevices,
  securityFeed,
  securityScreenQuery,
  securitySummary,
  securityTrend,
  studentAnalysisQuery,
  templateChoices,
  templateChoose,
  warningLevelCodes,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { interveneCodesOf, lastSevenDaysMood, newestScaleInfoOf, warningLevelCodesOf } from './analysis.ts';
import { careOf } from './care.ts';
import {
  createLink,
  listLinks,
  publicBands,
  publicOverview,
  publicTrend,
  publicWarnings,
  revokeScreenLink,
} from './links.ts';
import { mindProfileOf } from './profile.ts';
import * as security from './security.ts';
import {
  bandsByPlace,
  gradeWarnings,
  overduePage,
  schoolsCompared,
  screenTrendOf,
  stagesCompared,
  subDistrictsOf,
  taskCompletion,
  warningGauge,
  warningHolders,
} from './service.ts';
import { chooseTemplates, templateChoicesOf } from './templates.ts';

/** The large screens' calls (spec section 7), each scoped to the caller and read from summary tables. */
export const screensRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['screens'];
  app.get(
    '/apis-psychology/screen/school/queryList',
    {
      config: { access: '/districtScreen:view' },
      schema: {
        tags,
        summary: 'Schools compared: sheets assigned and answered, results and warnings of each in the period',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenSchools) },
      },
    },
    async (request) => ok(request, await schoolsCompared(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/school/queryClassTj',
    {
      config: { access: '/districtScreen:view' },
      schema: {
        tags,
        summary: "One scale's results by band, per grade (or per class of one school)",
        querystring: screenBandQuery,
        response: { 200: envelopeOf(screenBands) },
      },
    },
    async (request) => ok(request, await bandsByPlace(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/district/stages',
    {
      config: { access: '/districtScreenGs:view' },
      schema: {
        tags,
        summary: 'Results and warnings by school stage (primary, junior, senior), grades folded by their names',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenStages) },
      },
    },
    async (request) => ok(request, await stagesCompared(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/district/nodes',
    {
      // Either sub-district wall's view (checked in the service): the district's and the emotions'.
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The sub-districts below the caller's organisations, for the sub-district walls' picker",
        response: { 200: envelopeOf(screenNodes) },
      },
    },
    async (request) => ok(request, await subDistrictsOf(actorOf(request))),
  );
  // The analysis calls of a student's file (spec section 7, decision 0132): reads of the file, audited.
  app.get(
    '/apis-psychology/analysis/itemStatus/lastSevenDaysMood',
    {
      config: { access: '/data/studentFile:view' },
      schema: {
        tags,
        summary: "A student's mood on each of the last seven days (audited read of the file)",
        querystring: studentAnalysisQuery,
        response: { 200: envelopeOf(moodWeek) },
      },
    },
    async (request) => ok(request, await lastSevenDaysMood(actorOf(request), request.query.studentId)),
  );
  app.get(
    '/apis-psychology/analysis/itemStatus/newestScaleInfo',
    {
      config: { access: '/data/studentFile:view' },
      schema: {
        tags,
        summary: "A student's most recent assessment result (audited read of the file)",
        querystring: studentAnalysisQuery,
        response: { 200: envelopeOf(newestScaleInfo) },
      },
    },
    async (request) => ok(request, await newestScaleInfoOf(actorOf(request), request.query.studentId)),
  );
  app.get(
    '/apis-psychology/analysis/itemStatus/code/earlyWarningItem',
    {
      config: { access: '/data/intervene:view' },
      schema: {
        tags,
        summary: "The deployment's warning levels (code, names, colour), most severe first",
        response: { 200: envelopeOf(warningLevelCodes) },
      },
    },
    async (request) => ok(request, await warningLevelCodesOf(actorOf(request))),
  );
  app.get(
    '/apis-psychology/analysis/itemStatus/code/intervene',
    {
      config: { access: '/data/intervene:view' },
      schema: {
        tags,
        summary: 'The kinds of intervention record (interview, plan, return visit, referral), named',
        response: { 200: envelopeOf(interveneCodes) },
      },
    },
    async (request) => ok(request, interveneCodesOf()),
  );
  // A student's mind profile is a read of their file: the archive's access, and audited like it.
  app.post(
    '/apis-psychology-audit/screen/mindProfile',
    {
      config: { access: '/data/studentFile:view' },
      schema: {
        tags,
        summary:
          "One student's mind profile: latest results by scale and dimension, warnings, interventions, mood (audited)",
        body: mindProfileQuery,
        response: { 200: envelopeOf(mindProfile) },
      },
    },
    async (request) => ok(request, await mindProfileOf(actorOf(request), request.body.studentId)),
  );
  app.get(
    '/apis-psychology/warning/gauge',
    {
      config: { access: '/schoolWarning:view' },
      schema: {
        tags,
        summary: 'Warnings by level and state, and the mean time from opening to solving',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenGauge) },
      },
    },
    async (request) => ok(request, await warningGauge(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/school/queryPage',
    {
      config: { access: '/schoolWarning:view' },
      schema: {
        tags,
        summary: 'Open warnings whose follow-up is overdue, most overdue first, with who holds them',
        querystring: screenPageQuery,
        response: { 200: envelopeOf(screenOverduePage) },
      },
    },
    async (request) => ok(request, await overduePage(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/school/holders',
    {
      config: { access: '/schoolWarning:view' },
      schema: {
        tags,
        summary: 'Who holds the open warnings: open and overdue counts per handler',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenHolders) },
      },
    },
    async (request) => ok(request, await warningHolders(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/school/trend',
    {
      config: { access: '/schoolWarningScreen:view' },
      schema: {
        tags,
        summary: 'Results stored and warnings opened per month, the last thirteen months with a figure',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenTrend) },
      },
    },
    async (request) => ok(request, await screenTrendOf(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/warning/radarList',
    {
      config: { access: '/schoolWarningScreen:view' },
      schema: {
        tags,
        summary: 'Warnings of each grade by level, open and all',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenGradeWarnings) },
      },
    },
    async (request) => ok(request, await gradeWarnings(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/school/tasks',
    {
      config: { access: '/manageScreen:view' },
      schema: {
        tags,
        summary: 'The student tasks of the period with sheets assigned and answered, latest first',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenTasks) },
      },
    },
    async (request) => ok(request, await taskCompletion(actorOf(request), request.query)),
  );

  // The security-warning cockpit (decision 0096): campus behaviour alerts of the caller's schools, one call per card.
  const cockpit = [
    [
      'summary',
      'Alerts today and this week by type, open ones by state and holder, mean time to solve',
      securitySummary,
      security.securitySummary,
    ],
    ['devices', 'Cameras and terminals online and offline', securityDevices, security.securityDevices],
    ['feed', 'The newest alerts: type, place, time and state', securityFeed, security.securityFeed],
    ['trend', 'Alerts per day over the last thirty days', securityTrend, security.securityTrend],
  ] as const;
  for (const [part, summary, response, answer] of cockpit) {
    app.get(
      `/apis-psychology/screen/security/${part}`,
      {
        config: { access: '/securityScreen:view' },
        schema: { tags, summary, querystring: securityScreenQuery, response: { 200: envelopeOf(response) } },
      },
      async (request) => ok(request, await answer(actorOf(request), request.query)),
    );
  }

  // The school screen's signed links (decision 0091), and what a link opens without a session.
  app.get(
    '/apis-psychology/screen/school/links',
    {
      config: { access: '/schoolScreen:view' },
      schema: {
        tags,
        summary: "The signed links to the screens of the caller's schools, newest first (never their tokens)",
        response: { 200: envelopeOf(screenLinks) },
      },
    },
    async (request) => ok(request, await listLinks(actorOf(request))),
  );
  app.post(
    '/apis-psychology/screen/school/links',
    {
      config: { access: '/schoolScreen:add' },
      schema: {
        tags,
        summary: "Publishes a school's screen through a new signed link; the token is answered this once",
        body: screenLinkCreate,
        response: { 200: envelopeOf(screenLinkCreated) },
      },
    },
    async (request) => ok(request, await createLink(actorOf(request), request.body)),
  );
  app.post(
    '/apis-psychology/screen/school/links/revoke',
    {
      config: { access: '/schoolScreen:edit' },
      schema: {
        tags,
        summary: 'Revokes a signed link at once',
        body: screenLinkRevoke,
        response: { 200: envelopeOf(screenLink) },
      },
    },
    async (request) => ok(request, await revokeScreenLink(actorOf(request), request.body.id)),
  );
  app.get(
    '/apis-psychology/screen/school/care',
    {
      config: { access: '/manageScreen:view' },
      schema: {
        tags,
        summary: 'Counselling appointments by state, group sessions held, home visits done and planned (this semester)',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenCare) },
      },
    },
    async (request) => ok(request, await careOf(actorOf(request), request.query)),
  );
  // The template center (decision 0132): each school's home screen and report template.
  app.get(
    '/apis-psychology/screen/template/list',
    {
      config: { access: '/data/templateHome:view' },
      schema: {
        tags,
        summary: "The caller's schools with the home screen and report template their bureau chose",
        response: { 200: envelopeOf(templateChoices) },
      },
    },
    async (request) => ok(request, await templateChoicesOf(actorOf(request))),
  );
  app.post(
    '/apis-psychology/screen/template/choose',
    {
      config: { access: '/data/templateHome:edit' },
      schema: {
        tags,
        summary: "A bureau chooses one of its schools' home screen and report template",
        body: templateChoose,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await chooseTemplates(actorOf(request), request.body);
      return ok(request, null);
    },
  );
  const open = [
    ['overview', 'The school and its headline figures', screenPublicOverview, publicOverview],
    ['bands', "The most used scale's results by band per grade", screenBands, publicBands],
    ['warnings', 'Warnings by level and state, and the mean handling time', screenGauge, publicWarnings],
    ['trend', 'Results and warnings per month', screenTrend, publicTrend],
  ] as const;
  for (const [part, summary, response, answer] of open) {
    app.get(
      `/apis-psychology/screen/public/${part}`,
      {
        // Open by the spec (schoolScreen skips the authentication check): the token in the address is the
        // key, and only a school's aggregates come out (decision 0091).
        config: { access: 'public' },
        schema: {
          tags,
          summary: `${summary}, through a school's signed link (aggregates only)`,
          headers: screenLinkHeaders,
          response: { 200: envelopeOf(response) },
        },
      },
      async (request) => ok(request, await answer(request.server.db.kysely, request.headers['x-screen-link'])),
    );
  }
};

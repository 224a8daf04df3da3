import {
  aiAvailability,
  aiDistrictRow,
  aiDistrictSave,
  aiSchoolPrivacySave,
  aiSchoolRow,
  aiSetting,
  aiSettingSave,
  aiSuggestionDraft,
  aiTestResult,
  envelopeOf,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { testEndpoint } from './client.ts';
import { aiDistricts, clearAiDistrict, saveAiDistrict, testAiDistrict } from './districts.ts';
import { aiSchools, aiSettingOf, endpointOf, saveAiSetting, saveSchoolPrivacy } from './settings.ts';
import { draftSuggestions, suggestionAvailability } from './suggestions.ts';

const tags = ['ai'];
const P = '/apis-psychology/aiSetting';
const id = z.object({ id: z.coerce.number().int().positive() });

/** The AI settings page (`aiSetting`) and the generated suggestions of a warning (decision 0090). */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    P,
    {
      config: { access: '/data/aiSetting:view' },
      schema: {
        tags,
        summary: 'The AI endpoint (never its key) and the daily budget',
        response: { 200: envelopeOf(aiSetting) },
      },
    },
    async (request) => ok(request, await aiSettingOf(actorOf(request))),
  );
  app.put(
    P,
    {
      config: { access: '/data/aiSetting:edit' },
      schema: {
        tags,
        summary: 'Save the endpoint; the key is sealed, or kept when absent (whole-deployment scope only)',
        body: aiSettingSave,
        response: { 200: envelopeOf(aiSetting) },
      },
    },
    async (request) => ok(request, await saveAiSetting(actorOf(request), request.body)),
  );
  app.post(
    `${P}/test`,
    {
      config: { access: '/data/aiSetting:view' },
      schema: {
        tags,
        summary: 'Call the saved endpoint once and say what happened',
        response: { 200: envelopeOf(aiTestResult) },
      },
    },
    async (request) => {
      const endpoint = await endpointOf(actorOf(request));
      return ok(
        request,
        endpoint
          ? await testEndpoint(endpoint)
          : { outcome: 'notSet' as const, latencyMs: 0, status: null, retryAfterSeconds: null },
      );
    },
  );
  app.get(
    `${P}/schools`,
    {
      config: { access: '/data/aiSetting:view' },
      schema: {
        tags,
        summary: "The scope's schools with their legal basis, sending switch and today's tokens",
        response: { 200: envelopeOf(z.array(aiSchoolRow)) },
      },
    },
    async (request) => ok(request, await aiSchools(actorOf(request))),
  );
  app.put(
    `${P}/schools/:id`,
    {
      config: { access: '/data/aiSetting:edit' },
      schema: {
        tags,
        summary: "Record a school's legal basis and turn sending on or off",
        params: id,
        body: aiSchoolPrivacySave,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(request, await saveSchoolPrivacy(actorOf(request), request.params.id, request.body)),
  );
  app.get(
    `${P}/districts`,
    {
      config: { access: '/data/aiSetting:view' },
      schema: {
        tags,
        summary: "The scope's districts, each with its own endpoint (never its key) or the deployment's",
        response: { 200: envelopeOf(z.array(aiDistrictRow)) },
      },
    },
    async (request) => ok(request, await aiDistricts(actorOf(request))),
  );
  app.put(
    `${P}/districts/:id`,
    {
      config: { access: '/data/aiSetting:edit' },
      schema: {
        tags,
        summary: "Save a district's own endpoint, or turn AI off for its schools (the district's administrators)",
        params: id,
        body: aiDistrictSave,
        response: { 200: envelopeOf(aiDistrictRow) },
      },
    },
    async (request) => ok(request, await saveAiDistrict(actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    `${P}/districts/:id`,
    {
      config: { access: '/data/aiSetting:edit' },
      schema: {
        tags,
        summary: "The district's schools go back to the deployment's endpoint",
        params: id,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(request, await clearAiDistrict(actorOf(request), request.params.id)),
  );
  app.post(
    `${P}/districts/:id/test`,
    {
      config: { access: '/data/aiSetting:view' },
      schema: {
        tags,
        summary: "Call the district's own endpoint once and say what happened",
        params: id,
        response: { 200: envelopeOf(aiTestResult) },
      },
    },
    async (request) => ok(request, await testAiDistrict(actorOf(request), request.params.id)),
  );
  app.get(
    '/apis-psychology/warning/:id/aiSuggestions',
    {
      config: { access: '/data/intervene:view' },
      schema: {
        tags,
        summary: "Whether suggestions can be drafted for the warning's school now, and why not",
        params: id,
        response: { 200: envelopeOf(aiAvailability) },
      },
    },
    async (request) => ok(request, await suggestionAvailability(actorOf(request), request.params.id)),
  );
  app.post(
    '/apis-psychology/warning/:id/aiSuggestions',
    {
      config: { access: '/data/intervene:add' },
      schema: {
        tags,
        summary: 'Draft intervention suggestions (names and ID numbers removed); returned, not saved',
        params: id,
        response: { 200: envelopeOf(aiSuggestionDraft) },
      },
    },
    async (request) => ok(request, await draftSuggestions(actorOf(request), request.params.id)),
  );
};

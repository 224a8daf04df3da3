import {
  envelopeOf,
  interview,
  interviewConfirm,
  interviewCorrect,
  interviewRef,
  interviewRefQuery,
  interviewReport,
  interviewReportQuery,
  interviewResultPage,
  interviewResultRow,
  interviewSay,
  interviewTranscriptDelete,
  pageOf,
  submitted,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { correctMapping, deleteInterviewTranscript, interviewResults, interviewReport as report } from './report.ts';
import { confirmInInterview, resumeInterview, sayInInterview, startInterview, submitInterview } from './service.ts';

const tags = ['AI interviews'];
const h5 = '/apis-psychology/h5/interview';
const oneInterview = { 200: envelopeOf(interview) };
/** Results and transcripts: for the roles that handle AI assessment results (decision 0102). */
const RESULTS = '/data/AIScaleMeasurement:view';

/**
 * AI interview assessments (decision 0102). On H5 open to any signed-in account: what a student
 * may answer is decided by the sheets assigned to them, as for questionnaires.
 */
export const aiInterviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    h5,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'An interview with its conversation, to resume',
        querystring: interviewRefQuery,
        response: oneInterview,
      },
    },
    async (request) => ok(request, await resumeInterview(actorOf(request), request.query)),
  );
  app.post(
    `${h5}/start`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Starts the interview (or goes on with it): the first question is asked',
        body: interviewRef,
        response: oneInterview,
      },
    },
    async (request) => ok(request, await startInterview(actorOf(request), request.body)),
  );
  app.post(
    `${h5}/say`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A student message: crisis-checked first, then mapped to an option by the model (names removed)',
        body: interviewSay,
        response: oneInterview,
      },
    },
    async (request) => {
      const { text, ...ref } = request.body;
      return ok(request, await sayInInterview(actorOf(request), ref, text));
    },
  );
  app.post(
    `${h5}/confirm`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Confirms the current item's option and asks the next",
        body: interviewConfirm,
        response: oneInterview,
      },
    },
    async (request) => {
      const { itemId, value, ...ref } = request.body;
      return ok(request, await confirmInInterview(actorOf(request), ref, itemId, value));
    },
  );
  app.post(
    `${h5}/submit`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Scores the confirmed answers with the questionnaire's scoring",
        body: interviewRef,
        response: { 200: envelopeOf(submitted) },
      },
    },
    async (request) => ok(request, await submitInterview(actorOf(request), request.body)),
  );
  app.post(
    '/apis-psychology/aiInterview/results',
    {
      config: { access: RESULTS },
      schema: {
        tags,
        summary: 'Interview results within the scope',
        body: interviewResultPage,
        response: { 200: envelopeOf(pageOf(interviewResultRow)) },
      },
    },
    async (request) => {
      const { page, size, taskId } = request.body;
      return ok(request, await interviewResults(actorOf(request), taskId, { page, size }));
    },
  );
  app.get(
    '/apis-psychology/aiInterview/report',
    {
      config: { access: RESULTS },
      schema: {
        tags,
        summary: 'An interview report: transcript, mapped items, score (every read audited)',
        querystring: interviewReportQuery,
        response: { 200: envelopeOf(interviewReport) },
      },
    },
    async (request) => ok(request, await report(actorOf(request), request.query.resultId)),
  );
  app.post(
    '/apis-psychology/aiInterview/correct',
    {
      config: { access: '/data/AIScaleMeasurement:edit' },
      schema: {
        tags,
        summary: "Corrects an item's mapping: scored again, the correction recorded",
        body: interviewCorrect,
        response: { 200: envelopeOf(interviewReport) },
      },
    },
    async (request) =>
      ok(
        request,
        await correctMapping(actorOf(request), request.body.resultId, request.body.itemId, request.body.value),
      ),
  );
  app.post(
    '/apis-psychology/aiInterview/deleteTranscript',
    {
      // The administrators who keep the school's AI privacy record delete on request.
      config: { access: '/data/aiSetting:edit' },
      schema: {
        tags,
        summary: "Deletes one interview's transcript on request, with a reason (the score stays; audited)",
        body: interviewTranscriptDelete,
        response: { 200: envelopeOf(interviewReport) },
      },
    },
    async (request) =>
      ok(request, await deleteInterviewTranscript(actorOf(request), request.body.resultId, request.body.reason)),
  );
};

import {
  downloadTask,
  envelopeOf,
  insightDetail as insightDetailSchema,
  insightQuery,
  insightRow,
  pageOf,
  statisticsExport,
  statisticsQuery,
  statisticsReport,
  studentReport,
  studentReportExport,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { insightDetail, insightPage } from './insight.ts';
import { exportStatistics, statistics } from './service.ts';
import { exportStudentReport, studentReportOf } from './student.ts';

const tags = ['reports'];

/** The statistical report of `/data/report` and its export (decision 0092). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-psychology/report/statistics',
    {
      config: { access: '/data/report:view' },
      schema: {
        tags,
        summary: 'A school’s or the scope’s figures for a task, semester or period: coverage, bands by grade, warnings',
        querystring: statisticsQuery,
        response: { 200: envelopeOf(statisticsReport) },
      },
    },
    async (request) => ok(request, await statistics(actorOf(request), request.query)),
  );
  app.post(
    '/apis-psychology/report/statistics/download',
    {
      config: { access: '/data/report:export' },
      schema: {
        tags,
        summary: 'Exports the statistical report (PDF or xlsx) through the download center',
        body: statisticsExport,
        response: { 200: envelopeOf(downloadTask) },
      },
    },
    async (request) => ok(request, await exportStatistics(actorOf(request), request.body)),
  );

  // A student's report is a read of their file: the archive's access, and audited like it.
  app.post(
    '/apis-psychology-audit/studentReport/query',
    {
      config: { access: '/data/studentFile:view' },
      schema: {
        tags,
        summary: 'A student’s assessments (against the scales’ norms) and warnings, oldest first (audited)',
        body: studentReportExport,
        response: { 200: envelopeOf(studentReport) },
      },
    },
    async (request) => ok(request, await studentReportOf(actorOf(request), request.body.studentId)),
  );
  app.post(
    '/apis-psychology-audit/studentReport/download',
    {
      config: { access: '/data/studentFile:export' },
      schema: {
        tags,
        summary: 'Exports a student’s report (PDF) through the download center (audited)',
        body: studentReportExport,
        response: { 200: envelopeOf(downloadTask) },
      },
    },
    async (request) => ok(request, await exportStudentReport(actorOf(request), request.body.studentId)),
  );

  // Student insight reads warnings, results, interviews and moods: the warning handlers' access.
  app.get(
    '/apis-psychology/studentInsight/page',
    {
      config: { access: '/data/intervene:view' },
      schema: {
        tags,
        summary: 'Students whose records meet the insight rules, most points first, each with its reasons',
        querystring: insightQuery,
        response: { 200: envelopeOf(pageOf(insightRow)) },
      },
    },
    async (request) => ok(request, await insightPage(actorOf(request), request.query)),
  );
  app.post(
    '/apis-psychology-audit/studentInsight/detail',
    {
      config: { access: '/data/intervene:view' },
      schema: {
        tags,
        summary: 'One student’s insight reasons with the records behind them (audited)',
        body: studentReportExport,
        response: { 200: envelopeOf(insightDetailSchema) },
      },
    },
    async (request) => ok(request, await insightDetail(actorOf(request), request.body.studentId)),
  );
};

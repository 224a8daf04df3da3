import {
  dockingBatch,
  dockingBatchQuery,
  dockingConfig,
  dockingConfigSave,
  dockingPushResult,
  dockingRecord,
  dockingRecordQuery,
  dockingResend,
  dockingResendResult,
  dockingResyncStart,
  dockingResyncStatus,
  dockingStudentFix,
  envelopeOf,
  pageOf,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { resyncStatus, startResync } from './resync.ts';
import {
  dockingBatches,
  dockingConfigOf,
  dockingRecords,
  fixStudent,
  pushRecords,
  resendFailed,
  saveDockingConfig,
} from './service.ts';

const tags = ['docking'];
/** The spec's "sync with the province platform" calls (spt), decision 0103. */
const P = '/apis-psychology/spt';
const VIEW = '/data/dataDocking:view';
const EDIT = '/data/dataDocking:edit';

/** Province docking: the platform's settings, pushes, batches, records, resends and corrections. */
export const dockingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${P}/config`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "The caller's province platform (never its secret), schools and kinds",
        response: { 200: envelopeOf(dockingConfig) },
      },
    },
    async (request) => ok(request, await dockingConfigOf(actorOf(request))),
  );
  app.post(
    `${P}/config/saveOrUpdate`,
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Save the platform; the secret is sealed, or kept when absent',
        body: dockingConfigSave,
        response: { 200: envelopeOf(dockingConfig) },
      },
    },
    async (request) => ok(request, await saveDockingConfig(actorOf(request), request.body)),
  );
  app.post(
    `${P}/up`,
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Queue every record the platform does not have yet, in batches of at most 100',
        response: { 200: envelopeOf(dockingPushResult) },
      },
    },
    async (request) => ok(request, await pushRecords(actorOf(request))),
  );
  app.get(
    `${P}/up/list`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'The batches sent up, newest first',
        querystring: dockingBatchQuery,
        response: { 200: envelopeOf(pageOf(dockingBatch)) },
      },
    },
    async (request) => ok(request, await dockingBatches(actorOf(request), request.query)),
  );
  app.get(
    `${P}/detail/list`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "The records of the caller's schools with their state and the platform's reason",
        querystring: dockingRecordQuery,
        response: { 200: envelopeOf(pageOf(dockingRecord)) },
      },
    },
    async (request) => ok(request, await dockingRecords(actorOf(request), request.query)),
  );
  app.post(
    `${P}/retry`,
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Send failed records again under their own keys: the chosen ones, or all',
        body: dockingResend,
        response: { 200: envelopeOf(dockingResendResult) },
      },
    },
    async (request) => ok(request, await resendFailed(actorOf(request), request.body.ids)),
  );
  app.post(
    `${P}/detail/:id/modifyStudent`,
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: "Correct a refused record's student and send it (and the student's other refused records) again",
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: dockingStudentFix,
        response: { 200: envelopeOf(dockingResendResult) },
      },
    },
    async (request) => ok(request, await fixStudent(actorOf(request), request.params.id, request.body)),
  );
  app.get(
    `${P}/resync`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "The caller's latest full resync and its progress (records queued of the total)",
        response: { 200: envelopeOf(dockingResyncStatus) },
      },
    },
    async (request) => ok(request, await resyncStatus(actorOf(request))),
  );
  app.post(
    `${P}/resync`,
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Queue every record of the chosen schools and kinds again, at most N batches a minute; one at a time',
        body: dockingResyncStart,
        response: { 200: envelopeOf(dockingResyncStatus) },
      },
    },
    async (request) => ok(request, await startResync(actorOf(request), request.body)),
  );
};

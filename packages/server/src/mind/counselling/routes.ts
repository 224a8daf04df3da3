import {
  appointment,
  appointmentAdd,
  appointmentCancel,
  appointmentNote,
  appointmentNoteAdd,
  appointmentPage,
  appointmentRate,
  appointmentReview,
  appointmentSession,
  bodyId,
  counsellingGroup,
  envelopeOf,
  groupApplyAdd,
  groupApplyUpdate,
  groupPage,
  groupReview,
  groupSession,
  groupSessionAdd,
  groupSessionPage,
  pageOf,
  talksHeldQuery,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  addNote,
  appointmentDetail,
  cancelAppointment,
  listAppointments,
  listNotes,
  rateAppointment,
  recordSession,
  requestAppointment,
  reviewAppointment,
} from './appointments.ts';
import {
  applyForGroup,
  editGroup,
  groupDetail,
  listGroupSessions,
  listGroups,
  recordGroupSession,
  removeGroup,
  reviewGroup,
} from './groups.ts';

const tags = ['counselling'];
const byId = z.strictObject({ id: bodyId });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const GROUP = '/apis-psychology/group';
const APPOINTMENT = '/apis-psychology/appointment';

/** Group counselling (`groupApply`, `groupRecord`) and individual appointments (`appointmentRecordQuery`). */
export const counsellingRoutes: FastifyPluginAsyncZod = async (app) => {
  const group = envelopeOf(counsellingGroup);
  app.post(
    `${GROUP}/apply/page`,
    {
      config: { access: '/data/groupApply:view' },
      schema: {
        tags,
        summary: 'Group-counselling applications',
        body: groupPage,
        response: { 200: envelopeOf(pageOf(counsellingGroup)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.body;
      return ok(request, await listGroups(actorOf(request), filters, { page, size }));
    },
  );
  app.get(
    `${GROUP}/apply/:id`,
    {
      config: { access: '/data/groupApply:view' },
      schema: { tags, summary: 'One application with its members', params: idParams, response: { 200: group } },
    },
    async (request) => ok(request, await groupDetail(actorOf(request), request.params.id)),
  );
  app.post(
    `${GROUP}/apply/add`,
    {
      config: { access: '/data/groupApply:add' },
      schema: { tags, summary: 'Apply for a counselling group', body: groupApplyAdd, response: { 200: group } },
    },
    async (request) => ok(request, await applyForGroup(actorOf(request), request.body)),
  );
  app.post(
    `${GROUP}/apply/update`,
    {
      config: { access: '/data/groupApply:edit' },
      schema: { tags, summary: 'Change a pending application', body: groupApplyUpdate, response: { 200: group } },
    },
    async (request) => ok(request, await editGroup(actorOf(request), request.body)),
  );
  app.post(
    `${GROUP}/apply/review`,
    {
      config: { access: '/data/groupApply:review' },
      schema: {
        tags,
        summary: 'Approve or refuse an application (a refusal says why)',
        body: groupReview,
        response: { 200: group },
      },
    },
    async (request) => ok(request, await reviewGroup(actorOf(request), request.body)),
  );
  app.post(
    `${GROUP}/apply/delete`,
    {
      config: { access: '/data/groupApply:delete' },
      schema: {
        tags,
        summary: 'Withdraw an application not yet approved',
        body: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeGroup(actorOf(request), request.body.id);
      return ok(request, null);
    },
  );
  app.post(
    `${GROUP}/record/page`,
    {
      config: { access: '/data/groupRecord:view' },
      schema: {
        tags,
        summary: 'Sessions held by groups',
        body: groupSessionPage,
        response: { 200: envelopeOf(pageOf(groupSession)) },
      },
    },
    async (request) => {
      const { page, size, groupId } = request.body;
      return ok(request, await listGroupSessions(actorOf(request), groupId, { page, size }));
    },
  );
  app.post(
    `${GROUP}/record/add`,
    {
      config: { access: '/data/groupRecord:add' },
      schema: {
        tags,
        summary: 'Record a session of an approved group',
        body: groupSessionAdd,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(request, await recordGroupSession(actorOf(request), request.body)),
  );

  const one = envelopeOf(appointment);
  app.post(
    `${APPOINTMENT}/page`,
    {
      config: { access: '/data/appointmentRecordQuery:view' },
      schema: {
        tags,
        summary: 'Individual counselling appointments of the scope',
        body: appointmentPage,
        response: { 200: envelopeOf(pageOf(appointment)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.body;
      return ok(request, await listAppointments(actorOf(request), filters, { page, size }));
    },
  );
  app.get(
    '/apis-psychology/analysis/review/txth',
    {
      config: { access: '/data/appointmentRecordQuery:view' },
      schema: {
        tags,
        summary: 'The individual talks held: appointments done (谈心谈话, decision 0135)',
        querystring: talksHeldQuery,
        response: { 200: envelopeOf(pageOf(appointment)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.query;
      return ok(request, await listAppointments(actorOf(request), { ...filters, state: 'done' }, { page, size }));
    },
  );
  app.get(
    `${APPOINTMENT}/:id`,
    {
      config: { access: '/data/appointmentRecordQuery:view' },
      schema: { tags, summary: 'One appointment', params: idParams, response: { 200: one } },
    },
    async (request) => ok(request, await appointmentDetail(actorOf(request), request.params.id)),
  );
  app.post(
    `${APPOINTMENT}/add`,
    {
      config: { access: '/data/appointmentRecordQuery:add' },
      schema: {
        tags,
        summary: 'Ask for a counselling appointment for a student',
        body: appointmentAdd,
        response: { 200: one },
      },
    },
    async (request) => ok(request, await requestAppointment(actorOf(request), request.body)),
  );
  app.post(
    `${APPOINTMENT}/review`,
    {
      config: { access: '/data/appointmentRecordQuery:review' },
      schema: {
        tags,
        summary: 'Take (with a session time) or refuse (with a reason) an appointment',
        body: appointmentReview,
        response: { 200: one },
      },
    },
    async (request) => ok(request, await reviewAppointment(actorOf(request), request.body)),
  );
  app.post(
    `${APPOINTMENT}/session`,
    {
      config: { access: '/data/appointmentRecordQuery:edit' },
      schema: {
        tags,
        summary: 'Record the session held (its counsellor only)',
        body: appointmentSession,
        response: { 200: one },
      },
    },
    async (request) => ok(request, await recordSession(actorOf(request), request.body.id, request.body.summary)),
  );
  app.post(
    `${APPOINTMENT}/rate`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Rate a session done (the student or whoever asked)',
        body: appointmentRate,
        response: { 200: one },
      },
    },
    async (request) => ok(request, await rateAppointment(actorOf(request), request.body)),
  );
  app.post(
    `${APPOINTMENT}/cancel`,
    {
      config: { access: '/data/appointmentRecordQuery:view' },
      schema: {
        tags,
        summary: 'Cancel before the session, with the reason',
        body: appointmentCancel,
        response: { 200: one },
      },
    },
    async (request) => ok(request, await cancelAppointment(actorOf(request), request.body.id, request.body.reason)),
  );
  app.post(
    `${APPOINTMENT}/note/add`,
    {
      config: { access: '/data/appointmentRecordQuery:edit' },
      schema: {
        tags,
        summary: 'Write a private note on an appointment',
        body: appointmentNoteAdd,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(request, await addNote(actorOf(request), request.body.appointmentId, request.body.content)),
  );
  app.get(
    `${APPOINTMENT}/note/:id`,
    {
      config: { access: '/data/appointmentRecordQuery:view' },
      schema: {
        tags,
        summary: 'The private notes the caller may read (audited)',
        params: idParams,
        response: { 200: envelopeOf(z.array(appointmentNote)) },
      },
    },
    async (request) => ok(request, await listNotes(actorOf(request), request.params.id)),
  );
};

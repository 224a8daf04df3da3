import {
  envelopeOf,
  pageOf,
  treeHole,
  treeHoleAgain,
  treeHoleQuery,
  treeHoleReportPage,
  treeHoleReportRow,
  treeHoleSay,
  treeHoleShare,
  treeHoleTranscript,
  treeHoleTranscriptDelete,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { answerWithEvents, type SendEvent } from '../../platform/http/events.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  askTreeHoleAgain,
  deleteTreeHoleTranscript,
  type ListenerStream,
  myTreeHole,
  sayToTreeHole,
  shareTreeHole,
  treeHoleTranscript as transcript,
  treeHoleReport,
} from './service.ts';

const tags = ['AI mood tree hole'];
const h5 = '/apis-psychology/h5/treeHole';
const mine = { 200: envelopeOf(treeHole) };
/** The chat report: for the roles that handle warnings (decision 0111). */
const REPORT = '/data/AIReport:view';

/** The student's page hears the listener write (decision 0146): `kept`, `piece`…, then `done` or `error`. */
const streamTo = (send: SendEvent): ListenerStream => ({
  kept: (view, conversationId) => send('kept', { conversationId, view }),
  piece: (text) => send('piece', { text }),
});
const streamed = { tags, produces: ['text/event-stream'] };

/**
 * The AI mood tree hole (decision 0111). On H5 open to any signed-in account: a student reaches
 * only their own conversations, found by the student record of the caller.
 */
export const treeHoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    h5,
    { config: { access: 'user' }, schema: { tags, summary: 'My conversations with the listener', response: mine } },
    async (request) => ok(request, await myTreeHole(actorOf(request))),
  );
  app.post(
    `${h5}/say`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A message: crisis-checked first, then answered by the listener (names removed)',
        body: treeHoleSay,
        response: mine,
      },
    },
    async (request) =>
      ok(request, await sayToTreeHole(actorOf(request), request.body.conversationId, request.body.text)),
  );
  app.post(
    `${h5}/say/stream`,
    {
      config: { access: 'user', sends: 'stream' },
      schema: {
        ...streamed,
        summary: 'A message, the answer streamed as the listener writes it (text/event-stream)',
        body: treeHoleSay,
      },
    },
    (request, reply) =>
      answerWithEvents(request, reply, async (send) => {
        const view = await sayToTreeHole(
          actorOf(request),
          request.body.conversationId,
          request.body.text,
          streamTo(send),
        );
        send('done', view);
      }),
  );
  app.post(
    `${h5}/again/stream`,
    {
      config: { access: 'user', sends: 'stream' },
      schema: {
        ...streamed,
        summary: "Asks the listener again for the conversation's unanswered message (text/event-stream)",
        body: treeHoleAgain,
      },
    },
    (request, reply) =>
      answerWithEvents(request, reply, async (send) => {
        send('done', await askTreeHoleAgain(actorOf(request), request.body.conversationId, streamTo(send)));
      }),
  );
  app.post(
    `${h5}/share`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Shares a conversation with my school, or takes it back',
        body: treeHoleShare,
        response: mine,
      },
    },
    async (request) =>
      ok(request, await shareTreeHole(actorOf(request), request.body.conversationId, request.body.shared)),
  );
  app.post(
    '/apis-psychology/aiReport/list',
    {
      config: { access: REPORT },
      schema: {
        tags,
        summary: 'Shared conversations and crisis signals within the scope',
        body: treeHoleReportPage,
        response: { 200: envelopeOf(pageOf(treeHoleReportRow)) },
      },
    },
    async (request) => ok(request, await treeHoleReport(actorOf(request), request.body)),
  );
  app.get(
    '/apis-psychology/aiReport/conversation',
    {
      config: { access: REPORT },
      schema: {
        tags,
        summary: 'A shared conversation (every read audited)',
        querystring: treeHoleQuery,
        response: { 200: envelopeOf(treeHoleTranscript) },
      },
    },
    async (request) => ok(request, await transcript(actorOf(request), request.query.conversationId)),
  );
  app.post(
    '/apis-psychology/aiReport/deleteTranscript',
    {
      // The administrators who keep the school's AI privacy record delete on request.
      config: { access: '/data/aiSetting:edit' },
      schema: {
        tags,
        summary: "Deletes one conversation's messages on request, with a reason (audited)",
        body: treeHoleTranscriptDelete,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) =>
      ok(request, await deleteTreeHoleTranscript(actorOf(request), request.body.conversationId, request.body.reason)),
  );
};

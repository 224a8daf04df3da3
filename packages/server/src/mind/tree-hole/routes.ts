import {
  envelopeOf,
  pageOf,
  treeHole,
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
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  deleteTreeHoleTranscript,
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

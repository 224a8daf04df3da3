import fastifyMultipart from '@fastify/multipart';
import {
  bodyId,
  envelopeOf,
  fileReference,
  pageOf,
  signBatch,
  signBatchPage,
  signBatchSend,
  signBatchSent,
  signForm,
  signFormPage,
  signFormSend,
  signFormSign,
  signFormToSign,
  signRecipient,
  signRemindResult,
  signTemplate,
  signTemplateCreate,
  signTemplateUpdate,
  signVerdict,
  signVerify,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { listBatches, remindBatch, sendBatch } from './batches.ts';
import {
  addTemplate,
  editTemplate,
  listForms,
  listTemplates,
  recipientsOf,
  sendForm,
  signedPdf,
  verify,
  withdraw,
} from './service.ts';
import { myForms, openForm, signForm as sign, uploadSignature } from './signer.ts';

const tags = ['signing'];
const TEMPLATES = '/apis-user/signTemplate';
const BASE = '/apis-psychology/signature';
const H5 = '/apis-psychology/h5/signature';
const oneForm = envelopeOf(signForm);
const formNumber = z.object({ number: z.string().min(1).max(20) });

/** Online signing (`signature`): templates, forms sent to parents, their signed PDFs; signing on H5. */
export const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin; the signature upload sets its own limits when it reads the parts.
  await app.register(fastifyMultipart, { limits: { fileSize: 1, files: 0, fields: 0, parts: 1 } });

  app.get(
    `${TEMPLATES}/list`,
    {
      config: { access: '/data/signature:view' },
      schema: {
        tags,
        summary: 'The default templates and the school’s own',
        response: { 200: envelopeOf(z.array(signTemplate)) },
      },
    },
    async (request) => ok(request, await listTemplates(actorOf(request))),
  );
  app.post(
    `${TEMPLATES}/add`,
    {
      config: { access: '/data/signature:add' },
      schema: {
        tags,
        summary: 'A template of the caller’s school',
        body: signTemplateCreate,
        response: { 200: envelopeOf(signTemplate) },
      },
    },
    async (request) => ok(request, await addTemplate(actorOf(request), request.body)),
  );
  app.post(
    `${TEMPLATES}/update`,
    {
      config: { access: '/data/signature:edit' },
      schema: {
        tags,
        summary: 'Edit a template of the caller’s school; forms already sent keep their words',
        body: signTemplateUpdate,
        response: { 200: envelopeOf(signTemplate) },
      },
    },
    async (request) => ok(request, await editTemplate(actorOf(request), request.body)),
  );
  app.post(
    `${BASE}/batch/send`,
    {
      config: { access: '/data/signature:add' },
      schema: {
        tags,
        summary: 'Send a template to the parents of a class or of chosen students, as one batch',
        body: signBatchSend,
        response: { 200: envelopeOf(signBatchSent) },
      },
    },
    async (request) => ok(request, await sendBatch(actorOf(request), request.body)),
  );
  app.post(
    `${BASE}/batch/page`,
    {
      config: { access: '/data/signature:view' },
      schema: {
        tags,
        summary: 'Batches sent, with their progress',
        body: signBatchPage,
        response: { 200: envelopeOf(pageOf(signBatch)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.body;
      return ok(request, await listBatches(actorOf(request), filter, { page, size }));
    },
  );
  app.post(
    `${BASE}/batch/remind`,
    {
      config: { access: '/data/signature:add' },
      schema: {
        tags,
        summary: 'Remind those of a batch who have not signed (once a day at most)',
        body: z.strictObject({ id: bodyId }),
        response: { 200: envelopeOf(signRemindResult) },
      },
    },
    async (request) => ok(request, await remindBatch(actorOf(request), request.body.id)),
  );
  app.post(
    `${BASE}/page`,
    {
      config: { access: '/data/signature:view' },
      schema: {
        tags,
        summary: 'Forms sent for the caller’s students',
        body: signFormPage,
        response: { 200: envelopeOf(pageOf(signForm)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.body;
      return ok(request, await listForms(actorOf(request), filter, { page, size }));
    },
  );
  app.get(
    `${BASE}/recipients/:studentId`,
    {
      config: { access: '/data/signature:add' },
      schema: {
        tags,
        summary: 'The parents a form for this student can go to',
        params: z.object({ studentId: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(z.array(signRecipient)) },
      },
    },
    async (request) => ok(request, await recipientsOf(actorOf(request), request.params.studentId)),
  );
  app.post(
    `${BASE}/send`,
    {
      config: { access: '/data/signature:add' },
      schema: {
        tags,
        summary: 'Send a template for a student to one of their parents',
        body: signFormSend,
        response: { 200: oneForm },
      },
    },
    async (request) => ok(request, await sendForm(actorOf(request), request.body)),
  );
  app.post(
    `${BASE}/withdraw`,
    {
      config: { access: '/data/signature:edit' },
      schema: {
        tags,
        summary: 'Withdraw a form not signed yet',
        body: z.strictObject({ id: bodyId }),
        response: { 200: oneForm },
      },
    },
    async (request) => ok(request, await withdraw(actorOf(request), request.body.id)),
  );
  app.get(
    `${BASE}/pdf/:id`,
    {
      config: { access: '/data/signature:export', sends: 'file' },
      schema: { tags, summary: 'The signed PDF', params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (request, reply) => {
      const { name, stream } = await signedPdf(actorOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(stream);
    },
  );
  // Anyone holding a signed PDF and its number may check it: the answer tells a guess nothing.
  app.post(
    `${BASE}/verify`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether a PDF’s SHA-256 is the signed form’s',
        body: signVerify,
        response: { 200: envelopeOf(signVerdict) },
      },
    },
    async (request) =>
      ok(request, await verify({ db: request.server.db.kysely }, request.body.number, request.body.sha256)),
  );

  // H5: open to any signed-in account; a form opens only for the account it was sent to.
  app.get(
    `${H5}/mine`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Forms sent to me', response: { 200: envelopeOf(z.array(signFormToSign)) } },
    },
    async (request) => ok(request, await myForms(actorOf(request))),
  );
  app.get(
    `${H5}/form/:number`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A form sent to me, to fill and sign',
        params: formNumber,
        response: { 200: envelopeOf(signFormToSign) },
      },
    },
    async (request) => ok(request, await openForm(actorOf(request), request.params.number)),
  );
  app.post(
    '/apis-psychology/sign/upload',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'psychology sign upload: a handwritten signature (multipart field `file`), PNG by its content',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(fileReference) },
      },
    },
    async (request) => ok(request, await uploadSignature(request, actorOf(request))),
  );
  app.post(
    `${H5}/sign`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Sign a form sent to me, once',
        body: signFormSign,
        response: { 200: envelopeOf(signFormToSign) },
      },
    },
    async (request) => ok(request, await sign(request, actorOf(request), request.body)),
  );
};

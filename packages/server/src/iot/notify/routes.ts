import {
  contactCreate,
  contactGroupCreate,
  contactGroupSearch,
  contactGroupUpdate,
  contactGroupView,
  contactSearch,
  contactUpdate,
  contactView,
  deliverySearch,
  deliveryView,
  envelopeOf,
  groupMembers,
  pageOf,
  queryId,
  type SettingKind,
  settingsView,
  testMail,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { addContact, contactDetail, contactList, editContact, removeContact } from './contacts.ts';
import { addGroup, editGroup, groupList, groupMembers as readMembers, removeGroup, replaceMembers } from './groups.ts';
import { deliveryList, resendDelivery } from './service.ts';
import { readSettings, saveSettings, sendTestMail, settingsSchemas } from './settings.ts';

const tags = ['Device Cloud notifications'];
const byId = z.object({ id: queryId });
// Contacts and groups are the recipients of triggers, so the trigger permissions govern them.
const CONTACTS = '/iot/triggers';
const SETTINGS = '/iot/settings';

/** The pages of each kind of channel settings. */
const SETTINGS_PATHS: ReadonlyArray<[path: string, kind: SettingKind, title: string]> = [
  ['email-server', 'emailServer', 'Email Server'],
  ['email-template', 'emailTemplate', 'Email Template'],
  ['sms', 'sms', 'SMS provider'],
  ['voice', 'voice', 'Voice call provider'],
  ['wechat-push', 'wechat', 'WeChat Push'],
  ['mobile-push', 'push', 'Mobile Terminal push'],
];

/** The calls of contacts, contact groups, channel settings and alarm notifications. */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/contacts',
    {
      config: { access: `${CONTACTS}:view` },
      schema: {
        tags,
        summary: 'Contacts: search by name, phone or email, by group; paged',
        querystring: contactSearch,
        response: { 200: envelopeOf(pageOf(contactView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await contactList(actorOf(request), filter, { page, size }));
    },
  );
  app.get(
    '/iot/contacts/:id',
    {
      config: { access: `${CONTACTS}:view` },
      schema: { tags, summary: 'One contact', params: byId, response: { 200: envelopeOf(contactView) } },
    },
    async (request) => ok(request, await contactDetail(actorOf(request), request.params.id)),
  );
  app.post(
    '/iot/contacts',
    {
      config: { access: `${CONTACTS}:add` },
      schema: {
        tags,
        summary: 'Add a contact: at least one of phone, email or WeChat',
        body: contactCreate,
        response: { 200: envelopeOf(contactView) },
      },
    },
    async (request) => ok(request, await addContact(actorOf(request), request.body)),
  );
  app.put(
    '/iot/contacts/:id',
    {
      config: { access: `${CONTACTS}:edit` },
      schema: {
        tags,
        summary: 'Edit a contact',
        params: byId,
        body: contactUpdate,
        response: { 200: envelopeOf(contactView) },
      },
    },
    async (request) => ok(request, await editContact(actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/iot/contacts/:id',
    {
      config: { access: `${CONTACTS}:delete` },
      schema: { tags, summary: 'Delete a contact', params: byId, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await removeContact(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    '/iot/contact-groups',
    {
      config: { access: `${CONTACTS}:view` },
      schema: {
        tags,
        summary: 'Contact groups, paged',
        querystring: contactGroupSearch,
        response: { 200: envelopeOf(pageOf(contactGroupView)) },
      },
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      return ok(request, await groupList(actorOf(request), keyword, { page, size }));
    },
  );
  app.post(
    '/iot/contact-groups',
    {
      config: { access: `${CONTACTS}:add` },
      schema: {
        tags,
        summary: 'Add a contact group',
        body: contactGroupCreate,
        response: { 200: envelopeOf(contactGroupView) },
      },
    },
    async (request) => ok(request, await addGroup(actorOf(request), request.body)),
  );
  app.put(
    '/iot/contact-groups/:id',
    {
      config: { access: `${CONTACTS}:edit` },
      schema: {
        tags,
        summary: 'Rename a contact group',
        params: byId,
        body: contactGroupUpdate,
        response: { 200: envelopeOf(contactGroupView) },
      },
    },
    async (request) => ok(request, await editGroup(actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/iot/contact-groups/:id',
    {
      config: { access: `${CONTACTS}:delete` },
      schema: {
        tags,
        summary: 'Delete a contact group (its contacts stay)',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeGroup(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
  const members = envelopeOf(z.object({ contactIds: z.array(z.number()) }));
  app.get(
    '/iot/contact-groups/:id/contacts',
    {
      config: { access: `${CONTACTS}:view` },
      schema: { tags, summary: "A group's contacts", params: byId, response: { 200: members } },
    },
    async (request) => ok(request, { contactIds: await readMembers(actorOf(request), request.params.id) }),
  );
  app.put(
    '/iot/contact-groups/:id/contacts',
    {
      config: { access: `${CONTACTS}:edit` },
      schema: {
        tags,
        summary: "Replace a group's contacts",
        params: byId,
        body: groupMembers,
        response: { 200: members },
      },
    },
    async (request) =>
      ok(request, { contactIds: await replaceMembers(actorOf(request), request.params.id, request.body.contactIds) }),
  );

  for (const [path, kind, title] of SETTINGS_PATHS) {
    app.get(
      `/iot/notify/${path}`,
      {
        config: { access: `${SETTINGS}:view` },
        schema: {
          tags,
          summary: `${title} settings (secrets are never returned)`,
          response: { 200: envelopeOf(settingsView) },
        },
      },
      async (request) => ok(request, await readSettings(actorOf(request), kind)),
    );
    app.put(
      `/iot/notify/${path}`,
      {
        config: { access: `${SETTINGS}:edit` },
        schema: {
          tags,
          summary: `Save the ${title} settings; a secret left out is kept`,
          body: settingsSchemas[kind],
          response: { 200: envelopeOf(settingsView) },
        },
      },
      async (request) =>
        ok(request, await saveSettings(actorOf(request), kind, request.body as Record<string, unknown>)),
    );
  }
  app.post(
    '/iot/notify/email-server/test',
    {
      config: { access: `${SETTINGS}:edit` },
      schema: {
        tags,
        summary: 'Send a test mail through the saved Email Server',
        body: testMail,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await sendTestMail(actorOf(request), request.body.to, request.server.config.NOTIFY_SEND_TIMEOUT_MS);
      return ok(request, null);
    },
  );

  app.get(
    '/iot/notify/deliveries',
    {
      config: { access: '/iot/alarms:view' },
      schema: {
        tags,
        summary: 'Alarm Notification: each delivery with its outcome; filters, paged',
        querystring: deliverySearch,
        response: { 200: envelopeOf(pageOf(deliveryView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await deliveryList(actorOf(request), filter, { page, size }));
    },
  );
  app.post(
    '/iot/notify/deliveries/:id/resend',
    {
      config: { access: '/iot/alarms:edit' },
      schema: {
        tags,
        summary: 'Send a failed notification again',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await resendDelivery(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};

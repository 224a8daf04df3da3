import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeChannelsFrom } from '../codes/channels.ts';
import { codeRoutes } from '../codes/routes.ts';
import { policyRoutes } from '../policy/routes.ts';
import { adminAccountRoutes } from './admin-routes.ts';
import { ownAccountRoutes } from './own-account-routes.ts';
import { signupRoutes } from './signup-routes.ts';

/** Registration, verification codes, password change and reset, password policy, account review. */
export const accountLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  // One set of channels per app: the SMTP transport keeps its connections until the app closes.
  const channels = codeChannelsFrom(app.config, app.log);
  app.addHook('onClose', () => channels.close());
  await app.register(codeRoutes, { channels });
  await app.register(signupRoutes);
  await app.register(ownAccountRoutes);
  await app.register(policyRoutes);
  await app.register(adminAccountRoutes);
};

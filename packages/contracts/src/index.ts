export * from './envelope.ts';
export * from './health.ts';
export * from './issues.ts';
export * from './lang.ts';
export * from './messages.ts';
export * from './paging.ts';
export * from './portal/identity.ts';
export * from './portal/permissions.ts';

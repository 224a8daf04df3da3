import { z } from 'zod';
import { pageQuery } from '../paging.ts';

/** Spec section 4: each device of an upgrade job is to be upgraded, upgrading, success or failed. */
export const UPGRADE_STATES = ['pending', 'upgrading', 'success', 'failed'] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];

/** A job runs until every device ended, or stops when more than its threshold of devices failed. */
export const UPGRADE_JOB_STATES = ['running', 'finished', 'stopped'] as const;
export type UpgradeJobState = (typeof UPGRADE_JOB_STATES)[number];

/** Devices in one job, and at most at once (a wave). */
export const UPGRADE_DEVICES_MAX = 500;
export const UPGRADE_WAVE_MAX = 100;

const whole = (key: string, min: number, max: number) => z.number({ error: key }).int(key).min(min, key).max(max, key);

/** Which devices a job takes: picked one by one, or those of a template or a project that match the firmware. */
export const UPGRADE_TARGETS = ['devices', 'template', 'project'] as const;
export type UpgradeTarget = (typeof UPGRADE_TARGETS)[number];

const positiveId = (key: string) => z.number({ error: key }).int(key).positive(key);

export const upgradeJobInput = z
  .strictObject({
    firmwareId: positiveId('v.upgrade.firmware'),
    /** Devices by default; a template or a project takes its devices of the firmware's series and model. */
    target: z.enum(UPGRADE_TARGETS).default('devices'),
    deviceIds: z
      .array(z.number().int().positive(), { error: 'v.upgrade.noDevices' })
      .max(UPGRADE_DEVICES_MAX, 'v.upgrade.tooMany')
      .default([]),
    templateId: positiveId('v.upgrade.template').optional(),
    projectId: positiveId('v.upgrade.project').optional(),
    /** At most this many devices upgrade at once. */
    waveSize: whole('v.upgrade.waveSize', 1, UPGRADE_WAVE_MAX),
    /** The job stops when more than this percentage of its devices failed. */
    failPercent: whole('v.upgrade.failPercent', 0, 100),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'devices' && v.deviceIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['deviceIds'], message: 'v.upgrade.noDevices' });
    if (v.target === 'template' && v.templateId === undefined)
      ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'v.upgrade.template' });
    if (v.target === 'project' && v.projectId === undefined)
      ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'v.upgrade.project' });
  });
export type UpgradeJobInput = z.infer<typeof upgradeJobInput>;
/** What a client sends: the target and the device list may be left out. */
export type UpgradeJobRequest = z.input<typeof upgradeJobInput>;

export const upgradeJobQuery = pageQuery.extend({ state: z.enum(UPGRADE_JOB_STATES).optional() });

export const upgradeJobView = z.object({
  id: z.number(),
  firmwareId: z.number().nullable(),
  firmwareName: z.string(),
  series: z.string(),
  model: z.string(),
  version: z.string(),
  waveSize: z.number(),
  failPercent: z.number(),
  state: z.enum(UPGRADE_JOB_STATES),
  /** Why a job stopped, in the caller's language. */
  reason: z.string().nullable(),
  counts: z.object({ pending: z.number(), upgrading: z.number(), success: z.number(), failed: z.number() }),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type UpgradeJobView = z.infer<typeof upgradeJobView>;

/** A device of the picked template or project that the job left out, and why, in the caller's language. */
export const upgradeLeftOutView = z.object({
  deviceId: z.number(),
  name: z.string(),
  sn: z.string(),
  reason: z.string(),
});
export type UpgradeLeftOutView = z.infer<typeof upgradeLeftOutView>;

/** A started job, and the devices of its template or project it left out. */
export const upgradeStartedView = upgradeJobView.extend({ leftOut: z.array(upgradeLeftOutView) });
export type UpgradeStartedView = z.infer<typeof upgradeStartedView>;

export const upgradeDeviceView = z.object({
  jobId: z.number(),
  deviceId: z.number(),
  deviceName: z.string(),
  sn: z.string(),
  state: z.enum(UPGRADE_STATES),
  percent: z.number(),
  /** Why the device failed (or waits), in the caller's language. */
  reason: z.string().nullable(),
  fromVersion: z.string().nullable(),
  /** The version the device last reported. */
  version: z.string().nullable(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type UpgradeDeviceView = z.infer<typeof upgradeDeviceView>;

/** A device that may be upgraded, with the series, model and version it last reported. */
export const upgradeCandidateView = z.object({
  id: z.number(),
  name: z.string(),
  sn: z.string(),
  series: z.string().nullable(),
  model: z.string().nullable(),
  version: z.string().nullable(),
});
export type UpgradeCandidateView = z.infer<typeof upgradeCandidateView>;

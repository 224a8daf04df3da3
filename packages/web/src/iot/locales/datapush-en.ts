import type { dataPushZhCN } from './datapush.ts';

export const dataPushEn: typeof dataPushZhCN = {
  dataPush: {
    intro:
      "Data push sends each device report as JSON to your server's URL, every request signed with an HMAC-SHA256 (header X-Meridian-Signature) and retried when it fails; after 5 failures in a row the push is paused with the reason.",
    creationClosed:
      'Data push creation no longer supported (contact sales). Existing pushes keep working: pause, resume and see their last deliveries here.',
    field: {
      name: 'Push name',
      url: 'URL',
      state: 'State',
      lastSentAt: 'Last delivered',
      what: 'Pushes',
      owner: 'Account',
    },
    what: { values: 'Device values', alarms: 'Alarms (raised, recovered)' },
    add: 'Add push',
    edit: 'Edit',
    form: {
      addTitle: 'Add a data push',
      editTitle: 'Edit the data push',
      owner: 'Account',
      ownerRequired: 'Choose the account the push belongs to',
      nameRequired: 'Enter a push name',
      urlRequired: 'Enter the push URL',
      urlHelp: "The URL must start with this deployment's data push prefix (DATA_PUSH_URL_PREFIX).",
      createdTitle: 'Push added',
      secretOnce: 'The signing secret is shown this once: give it to the receiver to check X-Meridian-Signature.',
      secretDone: 'I have copied it',
    },
    adminNote: 'You are a platform administrator: you add and edit pushes for any account.',
    state: { active: 'Pushing', paused: 'Paused' },
    pausedByOwner: 'Paused by its owner',
    neverSent: 'Nothing sent yet',
    pause: 'Pause',
    resume: 'Resume',
    paused: 'Push paused',
    resumed: 'Push resumed',
    empty: 'No data push yet. Data push creation no longer supported (contact sales).',
    deliveries: {
      createdAt: 'Time',
      state: 'Outcome',
      states: { queued: 'Waiting', sent: 'Delivered', failed: 'Failed' },
      content: 'Content',
      counts: '{{devices}} devices, {{values}} values',
      alarm: 'Alarm event',
      attempts: 'Attempts',
      answer: 'Answer or error',
      empty: 'Nothing sent yet: deliveries show here once a device reports.',
    },
  },
};

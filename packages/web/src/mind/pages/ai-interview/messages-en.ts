import type { InterviewStrings } from './messages.ts';

export const interviewEn: InterviewStrings = {
  interview: {
    results: {
      empty: 'No student has finished an AI interview yet',
      task: 'Task',
      student: 'Student',
      className: 'Class',
      scale: 'Scale',
      total: 'Total',
      band: 'Result',
      warning: 'Warning',
      corrections: 'Corrected',
      submittedAt: 'Submitted',
      report: 'Report',
      allTasks: 'All tasks',
    },
    report: {
      loadFailed: 'The report could not be opened',
      back: 'Back to the results',
      total: 'Total',
      band: 'Result',
      warning: 'Warning level',
      submittedAt: 'Submitted',
      items: 'Item by item',
      itemsHint:
        'The student confirmed each option in the conversation. If a mapping is wrong, correct it: the result is scored again by the same scoring and the correction is recorded.',
      no: 'No.',
      item: 'Question',
      quote: "Student's words",
      option: 'Option',
      transcript: 'Transcript',
      interviewer: 'Interviewer',
      student: 'Student',
      crisis: 'Crisis words',
      corrections: 'Corrections',
      correction: '{{by}} changed question {{no}} from {{from}} to {{to}}; total {{fromTotal}} → {{toTotal}}',
      corrected: 'Corrected; the total is scored again',
      audited: 'Reading a transcript is written to the audit log.',
    },
  },
};

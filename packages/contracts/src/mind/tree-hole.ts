import { z } from 'zod';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';
import { transcriptDelete, transcriptDeletion } from './ai.ts';
import { INTERVIEW_UNAVAILABLE } from './ai-interview.ts';

/** Limits of the AI mood tree hole, written once for the server and the page (decision 0111). */
export const TREE_HOLE_LIMITS = {
  /** A message: room for a long letter; a pasted 10,000-character text is refused in words. */
  messageMax: 2000,
} as const;

export const treeHoleSay = z.strictObject({
  /** The conversation to go on with; none starts a new one. */
  conversationId: bodyId.optional(),
  text: z.string().trim().min(1, 'v.treeHole.empty').max(TREE_HOLE_LIMITS.messageMax, 'v.treeHole.tooLong'),
});
/** Asks the listener again for the conversation's unanswered last message (busy endpoint, cut answer). */
export const treeHoleAgain = z.strictObject({ conversationId: bodyId });
export const treeHoleShare = z.strictObject({ conversationId: bodyId, shared: z.boolean() });
export const treeHoleQuery = z.object({ conversationId: queryId });

export const treeHoleMessage = z.object({
  id: z.number(),
  role: z.enum(['student', 'listener']),
  content: z.string(),
  crisis: z.boolean(),
  at: z.number(),
});

export const treeHoleConversation = z.object({
  id: z.number(),
  shared: z.boolean(),
  crisis: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messages: z.array(treeHoleMessage),
  /** Set when its messages were deleted (the school's retention, or on request): writing again starts a new one. */
  transcriptDeleted: transcriptDeletion.nullable(),
});
export type TreeHoleConversation = z.infer<typeof treeHoleConversation>;

/** The student's tree hole: their conversations (newest first), and whether the listener is the model. */
export const treeHole = z.object({
  /** Null when the model answers; else why not (a plain kind answer is given instead). */
  unavailable: z.enum(INTERVIEW_UNAVAILABLE).nullable(),
  conversations: z.array(treeHoleConversation),
  /** Whom to turn to: shown at once after a message with a crisis phrase. */
  help: z.object({ counsellors: z.array(z.string()), hotline: z.string() }).nullable(),
});
export type TreeHole = z.infer<typeof treeHole>;

/**
 * The events of a streamed answer (text/event-stream, decision 0146), in order: `kept` once the
 * student's message is stored and crisis-checked, `piece` as the listener writes, then `done` with
 * the answer stored whole, or `error` in the caller's words (nothing of the answer kept).
 */
export type TreeHoleStreamEvent =
  | { event: 'kept'; data: { conversationId: number; view: TreeHole } }
  | { event: 'piece'; data: { text: string } }
  | { event: 'done'; data: TreeHole }
  | { event: 'error'; data: { code: number; message: string } };

export const treeHoleReportPage = z.strictObject({ ...bodyPage });
/**
 * A row of the school's chat report: a conversation the student shared, or one with a crisis
 * signal (then only the signal's date is shown unless shared).
 */
export const treeHoleReportRow = z.object({
  conversationId: z.number(),
  studentName: z.string(),
  className: z.string().nullable(),
  shared: z.boolean(),
  crisis: z.boolean(),
  /** The days the crisis check hit, newest first. */
  crisisDays: z.array(z.string()),
  messages: z.number().nullable(),
  updatedAt: z.number(),
  /** Set when the conversation's messages were deleted (retention or on request, decision 0137). */
  transcriptDeleted: transcriptDeletion.nullable(),
});
export type TreeHoleReportRow = z.infer<typeof treeHoleReportRow>;
export const treeHoleTranscript = z.object({
  conversationId: z.number(),
  studentName: z.string(),
  className: z.string().nullable(),
  messages: z.array(treeHoleMessage),
  transcriptDeleted: transcriptDeletion.nullable(),
});
export type TreeHoleTranscript = z.infer<typeof treeHoleTranscript>;

/** An administrator deletes one conversation's messages on the student's request (decision 0137). */
export const treeHoleTranscriptDelete = transcriptDelete.extend({ conversationId: bodyId });

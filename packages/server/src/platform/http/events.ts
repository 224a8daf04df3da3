import { translate } from '@meridian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Sends one named event of a text/event-stream answer. */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * Answers with a text/event-stream (`config.sends: 'stream'`), each event sent as it comes, for an
 * answer the user watches being written. Until the first event an error is answered as usual (the
 * envelope, its HTTP status); after it, as a last `error` event `{ code, message }` in the caller's
 * words, since the status is already sent.
 */
export async function answerWithEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (send: SendEvent) => Promise<void>,
): Promise<void> {
  let started = false;
  const raw = reply.raw;
  const write = (event: string, data: unknown) => {
    // The reader went away (a closed page): the work goes on and is kept; there is no one to tell.
    if (raw.destroyed || raw.writableEnded) return;
    raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const send: SendEvent = (event, data) => {
    if (!started) {
      started = true;
      reply.hijack();
      // The headers the hooks set (security, request id) go out as with any answer.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx would otherwise hold the pieces back until the answer is whole.
        'x-accel-buffering': 'no',
      });
    }
    write(event, data);
  };
  try {
    await run(send);
  } catch (error) {
    if (!started) throw error;
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ err: error }, 'streamed answer failed');
      write('error', { code: error.code, message: translate(error.key, request.lang, error.params) });
    } else {
      request.log.error({ err: error }, 'unexpected error in a streamed answer');
      write('error', { code: 500, message: translate('http.internal', request.lang) });
    }
  }
  if (started) raw.end();
}

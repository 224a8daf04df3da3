/** One event of a text/event-stream answer, its data parsed. */
export interface StreamedEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its event carries
  data: any;
}

/**
 * Opens a streamed answer over a real socket and reads its events one by one, as a page does:
 * `next()` resolves with the next event as soon as it arrived, or null at the end of the stream.
 */
export async function openEventStream(url: string, token: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authorization': token, 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<StreamedEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        return { event, data: data === undefined ? null : JSON.parse(data) };
      }
      const read = await reader?.read();
      if (!read || read.done) return null;
      buffer += decoder.decode(read.value, { stream: true });
    }
  };
  return { response, next };
}

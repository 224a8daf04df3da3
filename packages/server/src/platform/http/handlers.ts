import { type Lang, localizeIssues, negotiateLang, translate } from '@meridian/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import './augment.ts';
import { AppError, RequestValidationError } from './errors.ts';

/** Fastify's own request errors, worded for people. */
function fastifyErrorKey(error: FastifyError): { status: number; key: Parameters<typeof translate>[0] } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, key: 'http.invalidJson' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, key: 'http.emptyJson' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, key: 'http.payloadTooLarge' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 415 : 400, key: 'http.unsupportedMediaType' };
    default:
      // JSON.parse's own error, which Fastify passes through with status 400.
      if (error instanceof SyntaxError && error.statusCode === 400) return { status: 400, key: 'http.invalidJson' };
      return undefined;
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/** Puts every error into the envelope: known ones in the caller's words, the rest as a bare 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('lang', 'zh-CN' as Lang);
  app.addHook('onRequest', async (request) => {
    request.lang = negotiateLang(request.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof RequestValidationError) {
      return reply.code(400).send({
        code: 400,
        message: translate('http.validation', lang),
        data: localizeIssues(error.issues, lang),
      });
    }
    if (error instanceof AppError) {
      if (error.status >= 500 && !error.logged) request.log.error({ err: error }, 'request failed');
      const data = error.rules.length
        ? error.rules.map((r) => ({ field: r.field, msg: translate(r.key, lang, r.params) }))
        : error.data;
      return reply
        .code(error.status)
        .send({ code: error.code, message: translate(error.key, lang, error.params), data });
    }
    const known = fastifyErrorKey(error);
    if (known) {
      const params = {
        type: String(request.headers['content-type'] ?? '-'),
        limit: formatBytes(request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0),
      };
      return reply
        .code(known.status)
        .send({ code: known.status, message: translate(known.key, lang, params), data: null });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send({ code: 500, message: translate('http.internal', lang), data: null });
    }
    request.log.info({ err: error }, 'request refused');
    const key = status === 404 ? 'http.notFound' : status === 429 ? 'http.tooManyRequests' : 'http.badRequest';
    return reply.code(status).send({ code: status, message: translate(key, lang), data: null });
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0];
  return reply.code(404).send({
    code: 404,
    message: translate('http.routeNotFound', request.lang, { method: request.method, url }),
    data: null,
  });
}

// JSON request bodies: an empty body with a JSON content type is "no body" (POST /api/game/stay from fetch with
// default headers), and, like Fastify's own parser, a "__proto__" key is refused (prototype poisoning), as a 400.
import fp from 'fastify-plugin';

function rejectProtoKey(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('forbidden key');
  return value;
}

export const jsonBodyParser = fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text, rejectProtoKey));
      } catch {
        const error = Object.assign(new Error('The request body is not valid JSON.'), {
          statusCode: 400,
          code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        });
        done(error, undefined);
      }
    });
  },
  { name: 'json-body-parser' },
);

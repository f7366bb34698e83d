// JSON request bodies: an empty body with a JSON content type is "no body" (POST /api/game/stay from fetch with
// default headers), and, like Fastify's own parser, a "__proto__" key is refused (prototype poisoning), as a 400.
import fp from 'fastify-plugin';

function rejectProtoKey(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('forbidden key');
  return value;
}

/**
 * Whether the text could hold a "__proto__" key: written out, or with an escape (a key spelled with \u escapes is
 * the same key once parsed). Text without either is parsed without the reviver, which JSON.parse calls for every
 * value of the body (several times the cost of the parse itself); anything else goes through it.
 */
function mayHoldProtoKey(text: string): boolean {
  return text.includes('__proto__') || text.includes('\\');
}

export const jsonBodyParser = fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, mayHoldProtoKey(text) ? JSON.parse(text, rejectProtoKey) : JSON.parse(text));
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

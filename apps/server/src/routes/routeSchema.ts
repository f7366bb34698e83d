// Turns a protocol route definition into the Fastify route schema (validation, serialization, OpenAPI), so the
// server registers exactly what packages/protocol declares.
import { ErrorResponseSchema, SessionHeadersSchema, type RouteDefinition } from '@drugwars/protocol';

type Maybe<D, K extends string> = D extends { [P in K]: infer S } ? S : undefined;

export interface RouteSchema<D extends RouteDefinition> {
  summary: string;
  tags: string[];
  body: Maybe<D, 'body'>;
  params: Maybe<D, 'params'>;
  querystring: Maybe<D, 'querystring'>;
  headers: typeof SessionHeadersSchema | undefined;
  response: { 200: D['response']; 304: Maybe<D, 'notModified'>; '4xx': typeof ErrorResponseSchema; '5xx': typeof ErrorResponseSchema };
}

export function routeSchema<D extends RouteDefinition>(def: D, tag: string): RouteSchema<D> {
  const schema: Record<string, unknown> = {
    summary: def.summary,
    tags: [tag],
    response: { 200: def.response, '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema },
  };
  if (def.notModified) (schema.response as Record<string, unknown>)[304] = def.notModified;
  if (def.body) schema.body = def.body;
  if (def.params) schema.params = def.params;
  if (def.querystring) schema.querystring = def.querystring;
  if (def.session) schema.headers = SessionHeadersSchema;
  return schema as unknown as RouteSchema<D>;
}

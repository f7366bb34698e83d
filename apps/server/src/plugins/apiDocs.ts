// The OpenAPI document (from the same TypeBox schemas that validate the routes) and Swagger UI at /api/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '../services/version';

export const apiDocs = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'DRUG WARS API', version: APP_VERSION, description: 'Every call the game makes (SPEC.md section 7).' },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { validatorUrl: null },
      staticCSP: true,
      // Its own CSP (hashes for its scripts), minus anything that reaches outside this server or forces https;
      // Swagger UI sets inline styles at run time, so its page (only) allows them.
      transformStaticCSP: (header) =>
        header
          .replace(/\s*upgrade-insecure-requests;?/g, '')
          .replace(/ https:/g, '')
          .replace(/ validator\.swagger\.io/g, '')
          .replace(/style-src 'self'/, "style-src 'self' 'unsafe-inline'"),
    });
  },
  { name: 'api-docs' },
);

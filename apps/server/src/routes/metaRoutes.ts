// Version, health, changelog and UI strings.
import { ApiErrorCode, ApiRoutes, HealthFailureResponseSchema, type HealthFailureResponse } from '@drugwars/protocol';
import type { Storage } from '../storage/port';
import { loadChangelog } from '../services/changelog';
import { stringsFor } from '../services/strings';
import { versionInfo, type AboutValues, type Environment } from '../services/version';
import { routeSchema } from './routeSchema';
import type { App } from './types';

export interface MetaRoutesOptions {
  storage: Storage;
  environment: Environment;
  about: AboutValues;
  changelogPath: string;
}

export function registerMetaRoutes(app: App, options: MetaRoutesOptions): void {
  const version = versionInfo(options.environment, options.about);
  app.get(ApiRoutes.version.url, { schema: routeSchema(ApiRoutes.version, 'meta') }, async () => version);

  const healthSchema = routeSchema(ApiRoutes.health, 'meta');
  app.get(
    ApiRoutes.health.url,
    { schema: { ...healthSchema, response: { ...healthSchema.response, 503: HealthFailureResponseSchema } } },
    async (request, reply) => {
      try {
        await options.storage.ping();
        return { success: true as const, status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        const message = 'The database is not answering.';
        const body: HealthFailureResponse = {
          success: false,
          code: ApiErrorCode.DATABASE_UNAVAILABLE,
          error: message,
          message,
          status: 'error',
          database: 'error',
        };
        return reply.status(503).send(body);
      }
    },
  );

  app.get(ApiRoutes.changelog.url, { schema: routeSchema(ApiRoutes.changelog, 'meta') }, async () => ({
    success: true as const,
    entries: await loadChangelog(options.changelogPath),
  }));

  app.get(ApiRoutes.strings.url, { schema: routeSchema(ApiRoutes.strings, 'meta') }, async (request) => ({
    success: true as const,
    ...stringsFor(request.params.language),
  }));
}

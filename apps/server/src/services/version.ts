// Version line (SPEC.md section 9): the package version plus an environment suffix, '2.2.0-PROD' under
// `npm start` (APP_ENV=production) and '2.2.0-DEV' otherwise.
import type { VersionResponse } from '@drugwars/protocol';

export const APP_VERSION = '2.2.0';

export type Environment = VersionResponse['environment'];

/** APP_ENV -> environment: 'production'/'prod' mean production, anything else (or unset) development. */
export function environmentFrom(appEnv: string | undefined): Environment {
  const value = (appEnv ?? '').trim().toLowerCase();
  return value === 'production' || value === 'prod' ? 'production' : 'development';
}

/** The operator's own values the About and CONNECTION FAILED texts show (README "Configuration"). */
export interface AboutValues {
  contact?: string;
  donationAddress?: string;
}

/** The version call's answer: the version line, the environment, and the operator's values that are set. */
export function versionInfo(environment: Environment, about: AboutValues = {}): VersionResponse {
  return { version: `${APP_VERSION}-${environment === 'production' ? 'PROD' : 'DEV'}`, environment, ...about };
}

// Analytics (SPEC.md section 1: failures never reach the player). Payloads are size-checked here and stored
// through the port; a storage failure is logged and swallowed, so tracking always answers 2xx to a valid call.
import type { FastifyBaseLogger } from 'fastify';
import type { Storage, TrackingKind } from '../storage/port';
import { ApiError } from '../errors';
import { ApiErrorCode } from '@drugwars/protocol';

/** Largest stored payload (serialized JSON); the request body limit is larger, so this is the one that bites. */
export const MAX_TRACKING_PAYLOAD_BYTES = 4096;

export interface TrackingInput {
  visitorId: string | null;
  sessionId: string | null;
  payload: unknown;
}

export class Tracking {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  async record(kind: TrackingKind, input: TrackingInput): Promise<void> {
    const json = JSON.stringify(input.payload);
    if (Buffer.byteLength(json, 'utf8') > MAX_TRACKING_PAYLOAD_BYTES) {
      throw new ApiError(413, ApiErrorCode.PAYLOAD_TOO_LARGE, `Tracking data is limited to ${MAX_TRACKING_PAYLOAD_BYTES} bytes.`);
    }
    try {
      await this.storage.tracking.add(kind, input.visitorId, input.sessionId, JSON.parse(json), this.now());
    } catch (err) {
      this.log.warn({ err, kind }, 'tracking write failed (ignored)');
    }
  }
}

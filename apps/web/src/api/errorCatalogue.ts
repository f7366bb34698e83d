// SPEC.md section 8 as a pure function: which behaviour a failed call gets. The store actions apply it.
import { OLDER_RULES_MESSAGE } from '@drugwars/engine';
import { ApiErrorCode, SESSION_NOT_FOUND_MESSAGE } from '@drugwars/protocol/constants';
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE } from './client';

export const ERROR_TEXTS = {
  sessionLost: 'Session connection lost. The server may have restarted.',
  connectionLost: 'Connection to server lost. Please check your connection and try again.',
  travelFailed: 'Connection to server lost. Please refresh.',
  transactionFailed: 'Transaction failed. Please try again.',
  stayFailed: 'Failed to stay here',
  invalidState: 'Invalid game state received from server.',
  gameDataFailed: 'Failed to load game data. Please refresh.',
  gameStateLost: 'Game session lost. Please start a new game.',
  equipFailed: 'Failed to equip item',
  unequipFailed: 'Failed to unequip item',
  depositFailed: 'Deposit failed',
  withdrawFailed: 'Withdrawal failed',
  loanPaymentFailed: 'Loan payment failed',
  borrowFailed: 'Failed to borrow from loan shark',
  loanActionFailed: 'Loan action failed',
  bankActionFailed: 'Bank action failed',
  invalidGameStateDefault: 'Game state is invalid, please try again.',
  sessionNotFound:
    'Session Not Found: Your game session could not be found. It may have expired after 7 days of inactivity.',
  connectFailed: 'Failed to connect to server. Please try again.',
} as const;

export type ActionContext =
  | 'travel'
  | 'stay'
  | 'buy'
  | 'sell'
  | 'stash'
  | 'unstash'
  | 'dump'
  | 'shopBuy'
  | 'deposit'
  | 'withdraw'
  | 'borrow'
  | 'payLoan'
  | 'heal'
  | 'equip'
  | 'unequip'
  | 'encounter'
  | 'ship'
  | 'other';

export type ErrorOutcome =
  /** Audit modal, stored session cleared, back to the title. */
  | { kind: 'audit' }
  /** The game was started under older rules (410 RULES_CHANGED): stored session cleared, the title says why. */
  | { kind: 'rulesChanged'; message: string }
  /** Session Connection Lost modal with this message; `notFound` is the session-not-found flag. */
  | { kind: 'sessionLost'; message: string; notFound: boolean }
  /** Connection lost on travel, buy, sell or stay: message, then the title. */
  | { kind: 'connectionLost'; message: string }
  /** Shown to the player (error modal or field error) with `logText` added to the message log. */
  | { kind: 'failed'; message: string; logText: string };

const CONNECTION_CONTEXTS: ReadonlySet<ActionContext> = new Set(['travel', 'buy', 'sell', 'stay', 'shopBuy']);

function serverText(err: ApiError): string | null {
  if (err.code === NETWORK_ERROR_CODE || err.code === INVALID_RESPONSE_CODE || err.code.startsWith('HTTP_')) {
    return null;
  }
  return err.message || null;
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: err instanceof Error ? err.message : String(err) });
}

/** The catalogue, row by row, in the order SPEC.md section 8 lists it. */
export function classifyError(raw: unknown, context: ActionContext): ErrorOutcome {
  const err = toApiError(raw);
  if (err.code === ApiErrorCode.AUDIT_FAILURE) return { kind: 'audit' };
  if (err.code === ApiErrorCode.RULES_CHANGED) return { kind: 'rulesChanged', message: err.message || OLDER_RULES_MESSAGE };
  const notFound =
    err.code === ApiErrorCode.SESSION_NOT_FOUND || (err.status === 404 && err.message === SESSION_NOT_FOUND_MESSAGE);
  // section 8: 403, 404 or text with 'Session'/'session'; section 2 adds text that mentions 'expired'
  if (notFound || err.status === 403 || err.status === 404 || /session|expired/i.test(err.message)) {
    return { kind: 'sessionLost', message: ERROR_TEXTS.sessionLost, notFound };
  }
  const noResponse = err.status === 0 || err.status >= 500;
  if (noResponse && CONNECTION_CONTEXTS.has(context)) {
    return { kind: 'connectionLost', message: ERROR_TEXTS.connectionLost };
  }
  if (err.code === INVALID_RESPONSE_CODE) {
    return { kind: 'failed', message: ERROR_TEXTS.invalidState, logText: ERROR_TEXTS.invalidState };
  }
  const server = serverText(err);
  const fallback = fallbackText(context);
  switch (context) {
    case 'travel':
      return { kind: 'failed', message: ERROR_TEXTS.travelFailed, logText: server ?? ERROR_TEXTS.travelFailed };
    case 'buy':
    case 'sell':
    case 'shopBuy':
      // a refusal says why in the server's own words (where the trade was asked); the generic sentence only
      // when the server gave none
      return {
        kind: 'failed',
        message: server ?? ERROR_TEXTS.transactionFailed,
        logText: server ?? ERROR_TEXTS.transactionFailed,
      };
    case 'deposit':
    case 'withdraw':
      return { kind: 'failed', message: server ?? fallback, logText: server ?? ERROR_TEXTS.bankActionFailed };
    case 'borrow':
    case 'payLoan':
      return { kind: 'failed', message: server ?? fallback, logText: server ?? ERROR_TEXTS.loanActionFailed };
    case 'equip':
    case 'unequip':
      return { kind: 'failed', message: fallback, logText: server ?? fallback };
    default:
      return { kind: 'failed', message: server ?? fallback, logText: server ?? fallback };
  }
}

export function fallbackText(context: ActionContext): string {
  switch (context) {
    case 'travel':
      return ERROR_TEXTS.travelFailed;
    case 'stay':
      return ERROR_TEXTS.stayFailed;
    case 'buy':
    case 'sell':
    case 'shopBuy':
      return ERROR_TEXTS.transactionFailed;
    case 'deposit':
      return ERROR_TEXTS.depositFailed;
    case 'withdraw':
      return ERROR_TEXTS.withdrawFailed;
    case 'payLoan':
      return ERROR_TEXTS.loanPaymentFailed;
    case 'borrow':
      return ERROR_TEXTS.borrowFailed;
    case 'equip':
      return ERROR_TEXTS.equipFailed;
    case 'unequip':
      return ERROR_TEXTS.unequipFailed;
    default:
      return ERROR_TEXTS.invalidGameStateDefault;
  }
}

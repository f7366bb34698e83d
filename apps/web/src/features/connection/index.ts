export { SessionLostModal, SessionLostModal as SessionConnectionLostModal, SESSION_LOST_TEXT } from './SessionLostModal';
export type { SessionLostModalProps } from './SessionLostModal';
export { reconnect, reconnectStatusText, RECONNECT_FAILED_TEXT } from './reconnect';

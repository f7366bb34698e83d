// 'ERROR' (SPEC.md section 2, Other modals): the message and an acknowledge button; the default message when
// none is given is 'Game state is invalid, please try again.'
import { ERROR_TEXTS } from '../api/errorCatalogue';
import { Modal, ModalButton } from './Modal';

export function ErrorModal({ message, onClose }: { message?: string | null; onClose: () => void }) {
  return (
    <Modal title="ERROR" onDismiss={onClose} className="modal-danger">
      <p>{message || ERROR_TEXTS.invalidGameStateDefault}</p>
      <ModalButton label="OK" onClick={onClose} />
    </Modal>
  );
}

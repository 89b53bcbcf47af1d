import { Button } from './Button';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  open: boolean;
  /** The Korean prompt, e.g. '정말로 삭제하시겠습니까?'. */
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  /** null turns the dialog into an alert with a single button. */
  cancelLabel?: string | null;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  title?: string;
}

export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  confirmLabel = '확인',
  cancelLabel = '취소',
  tone = 'primary',
  busy,
  title,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title ?? (cancelLabel === null ? '알림' : '확인')} hideTitle={!title} onClose={onCancel}>
      <p className="whitespace-pre-line py-2 text-center text-base font-semibold text-ink">{message}</p>
      <div className="mt-6 flex gap-2">
        {cancelLabel !== null && (
          <Button variant="secondary" className="flex-1" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
        <Button variant={tone} className="flex-1" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

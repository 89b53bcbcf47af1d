import { useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useMutation, useQueryClient } from '../../lib/server-data';
import { useIsStaff } from '../../lib/staff';
import { useUser } from '../../lib/user-store';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { RadioCards } from '../../ui/RadioCards';
import { StaffBadge } from '../../ui/StaffBadge';
import { showToast } from '../../ui/toast';
import { afterReport, fileReport, type ReportTarget } from './report-api';
import { REPORT_REASONS, type ReportType } from './report-reasons';
import { cx } from '../../ui/cx';
import { FIELD_FOCUS } from '../../ui/field-focus';

export interface ReportDialogProps {
  target: ReportTarget | null;
  onClose: () => void;
}

/**
 * The user report dialog (docs/product-rules.md#reports-and-sanctions): exactly one reason, an optional note, confirm
 * once a reason is chosen,
 * cancel resets both. Profile reports and chat reports (room and message) are both sent.
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const me = useUser();
  const [reason, setReason] = useState<ReportType | null>(null);
  const [content, setContent] = useState('');
  const noteId = useId();
  const client = useQueryClient();
  const report = useMutation({
    mutationFn: (filed: { reporterId: number; target: ReportTarget; reason: ReportType; note: string }) =>
      fileReport(filed.reporterId, filed.target, filed.reason, filed.note),
    onSuccess: () => afterReport(client),
  });

  const reset = () => {
    setReason(null);
    setContent('');
  };
  const cancel = () => {
    reset();
    onClose();
  };
  const confirm = () => {
    if (!reason || !target || me.userId === null) return;
    report.mutate(
      { reporterId: me.userId, target, reason, note: content.trim() },
      {
        onSuccess: () => {
          showToast('신고가 접수되었습니다. 검토 후 조치할게요.', 'success');
          cancel();
        },
        onError: (error) =>
          showToast(
            error instanceof ApiError && error.status > 0 && error.status < 500
              ? error.message
              : '신고를 접수하지 못했습니다. 잠시 후 다시 시도해 주세요.',
            'error',
          ),
      },
    );
  };

  return (
    <Modal open={target !== null} title="신고하기" onClose={cancel} size="md">
      {target && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
          className="flex flex-col gap-5"
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-surface px-4 py-3 text-sm">
            <dt className="text-ink-subtle">대상</dt>
            <dd className="flex flex-wrap items-center gap-1.5 font-semibold">
              {target.nickname}
              <StaffMark userId={target.targetUserId} />
            </dd>
            <dt className="text-ink-subtle">회원 번호</dt>
            <dd className="tabular">{target.targetUserId}</dd>
            <dt className="text-ink-subtle">신고 위치</dt>
            <dd>{target.targetType === 'PROFILE' ? '프로필' : '채팅'}</dd>
            {target.targetRoomId && (
              <>
                <dt className="text-ink-subtle">토론방</dt>
                <dd className="user-text">{target.roomTitle ?? target.targetRoomId}</dd>
              </>
            )}
            {target.targetType === 'CHAT' && target.message && (
              <>
                <dt className="text-ink-subtle">메시지</dt>
                <dd className="user-text">{target.message}</dd>
              </>
            )}
          </dl>
          <RadioCards legend="신고 사유" options={REPORT_REASONS} value={reason} onChange={setReason} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={noteId} className="text-sm font-semibold">
              자세한 내용 (선택)
            </label>
            <textarea
              id={noteId}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              rows={3}
              placeholder="어떤 일이 있었는지 알려주시면 검토에 도움이 됩니다."
              className={cx(
                'w-full resize-none rounded-lg border border-line-strong px-4 py-3 text-[0.9375rem]',
                'placeholder:text-ink-subtle',
                FIELD_FOCUS,
              )}
            />
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={cancel}>
              취소
            </Button>
            <Button type="submit" variant="danger" className="flex-1" disabled={!reason} loading={report.isPending}>
              신고
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The 운영자 badge when the reported account is staff (asked only once the dialog is open). */
function StaffMark({ userId }: { userId: number }) {
  const isStaff = useIsStaff();
  return isStaff(userId) ? <StaffBadge /> : null;
}

import { useId, useState, type ReactNode } from 'react';
import { paths } from '../../lib/routes';
import { ApiError } from '../../lib/api';
import { useMutation, useQuery, useQueryClient } from '../../lib/server-data';
import { useIsStaff } from '../../lib/staff';
import { useUser } from '../../lib/user-store';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { RadioCards } from '../../ui/RadioCards';
import { StaffBadge } from '../../ui/StaffBadge';
import { showToast } from '../../ui/toast';
import { When } from '../../ui/When';
import {
  afterStaffAction,
  filedAt,
  processedAt,
  processReport,
  reportQuery,
  restoreReport,
  type ReportDetail,
  type Result,
} from './admin-api';
import { resultChips, resultCodeOf } from './admin-list';
import { cx } from '../../ui/cx';
import { FIELD_FOCUS } from '../../ui/field-focus';

export type ModalMode = 'check' | 'recover' | 'process' | 'edit';
const titles: Record<ModalMode, string> = {
  check: '신고 확인',
  recover: '처리 내역',
  process: '신고 처리',
  edit: '처리 변경',
};

interface ReportModalProps {
  request: { id: number; mode: ModalMode } | null;
  onClose: () => void;
}

/**
 * The admin report modal in its four modes (docs/product-rules.md#staff-report-list): check, recover, process (default
 * WARNING), edit (prefilled).
 */
export function ReportModal({ request, onClose }: ReportModalProps) {
  const detail = useQuery(reportQuery(request?.id ?? null)).data ?? null;

  return (
    <Modal open={request !== null} title={request ? titles[request.mode] : ''} onClose={onClose} size="md">
      {request && !detail && (
        <p className="py-6 text-center text-ink-muted" aria-busy="true">
          불러오는 중…
        </p>
      )}
      {request && detail && (request.mode === 'check' || request.mode === 'recover') && (
        <DetailView mode={request.mode} detail={detail} onClose={onClose} />
      )}
      {request && detail && (request.mode === 'process' || request.mode === 'edit') && (
        <ProcessForm key={detail.id} mode={request.mode} detail={detail} onClose={onClose} />
      )}
    </Modal>
  );
}

const failed = (error: unknown) =>
  showToast(error instanceof ApiError ? error.message : '요청을 처리하지 못했습니다.', 'error');

/**
 * One staff action on a report: busy while it runs, then a toast, the modal closed and the lists refreshed; a refusal
 * is toasted.
 */
function useStaffAction(reportId: number, onClose: () => void) {
  const client = useQueryClient();
  const action = useMutation({
    mutationFn: ({ send }: { send: () => Promise<unknown>; done: string }) => send(),
    onSuccess: (_, { done }) => {
      showToast(done, 'success');
      onClose();
      return afterStaffAction(client, reportId);
    },
    onError: failed,
  });
  return { busy: action.isPending, run: (send: () => Promise<unknown>, done: string) => action.mutate({ send, done }) };
}

/** A nickname, with the 운영자 badge when the account is staff. */
function Name({ nickname, userId }: { nickname: string | null | undefined; userId: number | null | undefined }) {
  const isStaff = useIsStaff();
  if (!nickname) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {nickname}
      {isStaff(userId) && <StaffBadge />}
    </span>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-surface px-4 py-3 text-[0.9375rem]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-subtle">{term}</dt>
          <dd className="user-text min-w-0 text-ink">{value || '-'}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailView({
  mode,
  detail,
  onClose,
}: {
  mode: 'check' | 'recover';
  detail: ReportDetail;
  onClose: () => void;
}) {
  const { busy, run } = useStaffAction(detail.id, onClose);
  const restore = () => run(() => restoreReport(detail.id), '신고를 미처리 상태로 복구했습니다.');
  const link = 'inline-flex min-h-11 items-center font-semibold text-brand underline-offset-2 hover:underline';
  const processed = processedAt(detail);
  return (
    <div className="flex flex-col gap-5">
      {mode === 'check' ? (
        <Facts
          rows={[
            ['신고당한 사용자', <Name nickname={detail.targetNickname} userId={detail.targetUserId} />],
            ['신고 사유', detail.reportType],
            ['신고자', detail.nickname],
            ['신고 내용', detail.content],
            ['신고 일시', <When value={filedAt(detail)} />],
          ]}
        />
      ) : (
        <Facts
          rows={[
            ['처리 결과', detail.reportResult],
            ['신고 사유', detail.reportType],
            ['신고 내용', detail.content],
            ['처리 사유', detail.reportContent],
            [
              '처리자',
              detail.handlerNickname ? (
                <Name nickname={detail.handlerNickname} userId={detail.aslignedUserId} />
              ) : detail.aslignedUserId ? (
                `#${detail.aslignedUserId}`
              ) : (
                ''
              ),
            ],
            ['처리 일시', processed ? <When value={processed} /> : ''],
          ]}
        />
      )}
      {mode === 'check' && (
        <div className="flex flex-wrap gap-x-5">
          {detail.targetRoomId && (
            <a
              href={paths.archivedRoom(detail.targetRoomId)}
              target="_blank"
              rel="noopener noreferrer"
              className={link}
            >
              토론방 기록 보기 (새 탭)
            </a>
          )}
          <a href={paths.userPage(detail.targetUserId)} target="_blank" rel="noopener noreferrer" className={link}>
            신고당한 사용자 프로필 (새 탭)
          </a>
        </div>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onClose}>
          취소
        </Button>
        {mode === 'recover' && (
          <Button className="flex-1" onClick={restore} loading={busy}>
            복구
          </Button>
        )}
      </div>
    </div>
  );
}

function ProcessForm({
  mode,
  detail,
  onClose,
}: {
  mode: 'process' | 'edit';
  detail: ReportDetail;
  onClose: () => void;
}) {
  const me = useUser();
  const [result, setResult] = useState<Result>(
    mode === 'edit' ? (resultCodeOf(detail.reportResult) ?? 'WARNING') : 'WARNING',
  );
  const [reason, setReason] = useState(mode === 'edit' ? (detail.reportContent ?? '') : '');
  const { busy, run } = useStaffAction(detail.id, onClose);
  const reasonId = useId();
  const hintId = useId();
  // A sanction tells the member why; only 처리없음 may go without a reason.
  const reasonMissing = result !== 'NONE' && reason.trim() === '';
  const submit = () => {
    const myId = me.userId;
    if (myId === null || reasonMissing) return;
    run(
      () => processReport(detail.id, result, reason.trim(), myId),
      mode === 'edit' ? '처리 내용을 변경했습니다.' : '신고를 처리했습니다.',
    );
  };
  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Facts
        rows={[
          ['신고당한 사용자', <Name nickname={detail.targetNickname} userId={detail.targetUserId} />],
          ['신고 사유', detail.reportType],
          ['신고 내용', detail.content],
        ]}
      />
      <RadioCards legend="처리 옵션" options={resultChips} value={result} onChange={setResult} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="text-sm font-semibold">
          처리 사유
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          placeholder="처리 사유를 입력해주세요."
          aria-describedby={reasonMissing ? hintId : undefined}
          className={cx(
            'w-full resize-none rounded-lg border border-line-strong px-4 py-3 text-[0.9375rem]',
            'placeholder:text-ink-subtle',
            FIELD_FOCUS,
          )}
        />
        {reasonMissing && (
          <p id={hintId} className="text-sm text-ink-muted">
            경고·일시정지·영구정지는 처리 사유를 입력해야 완료할 수 있어요.
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onClose}>
          취소
        </Button>
        <Button type="submit" className="flex-1" loading={busy} disabled={reasonMissing}>
          {mode === 'edit' ? '변경' : '완료'}
        </Button>
      </div>
    </form>
  );
}

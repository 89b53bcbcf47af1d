import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { Logo } from '../../ui/Logo';
import { useReturnPath } from '../../lib/return-path';
import { paths, routes } from '../../lib/routes';
import { setNewUser } from '../../lib/auth-store';
import { loadUserInfo } from '../../lib/session';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextField } from '../../ui/TextField';
import { CheckIcon } from '../../ui/icons';
import { completeSignup } from './auth-api';
import { nicknameCheckMachine, type NicknameCheckState } from './nickname-check';
import { cx } from '../../ui/cx';
import { introductionField, isNicknameRefusal, nicknameField } from '../../lib/member-fields';

const SIGNUP_FAILED = '회원가입 중 오류가 발생했습니다.';

export function SignupPage() {
  const [check, send] = useMachine(nicknameCheckMachine);
  const state = check.value;
  const nickname = check.context.nickname;
  const [intro, setIntro] = useState('');
  const [dialog, setDialog] = useState<'confirm' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  // The page a new member was going to when they signed in (carried in this page's address), or home.
  const destination = useReturnPath() ?? paths.main();
  const ready = state === 'accepted' && intro.trim() !== '';

  const submit = async () => {
    setBusy(true);
    try {
      await completeSignup(nickname.trim(), intro.trim());
      await loadUserInfo();
      setNewUser(false);
      navigate(destination, { replace: true });
    } catch (error) {
      setBusy(false);
      setDialog('failed');
      if (isNicknameRefusal(error)) send({ type: 'REFUSED', refusal: error.message });
    }
  };

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-surface px-4 py-12">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) setDialog('confirm');
        }}
        className="flex w-full max-w-md flex-col gap-8 rounded-2xl border border-line bg-paper p-6 shadow-sm sm:p-8"
      >
        <div className="flex flex-col gap-4">
          <Logo href={paths.landing()} />
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold">{routes.signup.title}</h1>
            <p className="text-[0.9375rem] text-ink-muted">토론에서 쓸 닉네임과 나를 소개하는 한 줄을 정해주세요.</p>
          </div>
        </div>
        <div className="flex flex-col gap-6">
          <TextField
            label="닉네임"
            name="nickname"
            value={nickname}
            {...nicknameField}
            autoFocus
            onChange={(value) => send({ type: 'INPUT', value })}
            error={state === 'rejected' ? check.context.refusal : null}
            hint={
              state === 'accepted' ? (
                <span className="text-success">사용할 수 있는 닉네임입니다.</span>
              ) : state === 'checking' ? (
                '확인하는 중…'
              ) : null
            }
            adornment={<NicknameMark state={state} />}
          />
          <TextField label="한 줄 소개" name="introduction" value={intro} {...introductionField} onChange={setIntro} />
        </div>
        <div className="min-h-12">
          {ready ? (
            <Button type="submit" size="lg" className="w-full">
              완료
            </Button>
          ) : (
            <p
              className={cx(
                'flex min-h-12 items-center justify-center rounded-lg bg-surface px-4 text-center text-sm',
                'text-ink-subtle',
              )}
            >
              닉네임 확인과 한 줄 소개를 마치면 완료 버튼이 나타나요.
            </p>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={dialog === 'confirm'}
        message="회원가입을 완료하시겠습니까?"
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'failed'}
        message={SIGNUP_FAILED}
        cancelLabel={null}
        onConfirm={() => setDialog(null)}
        onCancel={() => setDialog(null)}
      />
    </main>
  );
}

function NicknameMark({ state }: { state: NicknameCheckState }) {
  if (state === 'checking')
    return (
      <span
        className="size-5 animate-spin rounded-full border-2 border-line-strong border-t-brand"
        aria-hidden="true"
      />
    );
  if (state !== 'accepted') return null;
  return (
    <span className="flex size-6 items-center justify-center rounded-full bg-success text-white">
      <CheckIcon size={16} strokeWidth={2.6} aria-hidden="false" role="img" aria-label="사용 가능한 닉네임" />
    </span>
  );
}

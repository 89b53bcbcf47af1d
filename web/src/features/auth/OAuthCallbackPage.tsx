import { useEffect, useState } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import { paths } from '../../app/routes';
import { ApiError } from '../../lib/api';
import { isNewUserNickname, startSession } from '../../lib/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { exchangeCode, type Provider } from './auth-api';
import { breakMessage } from './break-message';

const PROVIDERS: readonly string[] = ['google', 'kakao'];
const LOGIN_FAILED = '로그인 중 오류가 발생했습니다.';

// A code can be exchanged once; StrictMode runs effects twice in development.
const exchanged = new Set<string>();

export function OAuthCallbackPage() {
  const { provider = '' } = useParams<{ provider: string }>();
  const code = new URLSearchParams(useSearch()).get('code');
  const valid = PROVIDERS.includes(provider) && Boolean(code);
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!valid || !code || exchanged.has(code)) return;
    exchanged.add(code);
    signIn(code, provider as Provider).then(
      (target) => navigate(target, { replace: true }),
      (failure: unknown) =>
        setError(breakMessage(failure instanceof ApiError && failure.status !== 0 ? failure.message : LOGIN_FAILED)),
    );
  }, [valid, code, provider, navigate]);

  if (!valid) return <Redirect to={paths.landing()} replace />;
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4" aria-busy={!error}>
      <span
        className="size-10 animate-spin rounded-full border-4 border-brand-soft border-t-brand"
        aria-hidden="true"
      />
      <p className="text-ink-muted" role="status">
        로그인하는 중입니다…
      </p>
      <ConfirmDialog
        open={error !== null}
        title="로그인 실패"
        message={error ?? ''}
        cancelLabel={null}
        onConfirm={() => navigate(paths.landing(), { replace: true })}
        onCancel={() => navigate(paths.landing(), { replace: true })}
      />
    </main>
  );
}

/** Runs the exchange and tells where to go next: sign-up for a new user, home otherwise, / without a user id. */
async function signIn(code: string, provider: Provider): Promise<string> {
  const login = await exchangeCode(code, provider);
  if (!login) return paths.landing();
  await startSession(login);
  return isNewUserNickname(login.nickname) ? paths.signup(login.userId) : paths.main();
}

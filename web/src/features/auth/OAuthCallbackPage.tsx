import { useEffect, useState } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import { $returnTo } from '../../lib/return-path';
import { paths } from '../../lib/routes';
import { ApiError } from '../../lib/api';
import { isNewUserNickname, startSession } from '../../lib/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { exchangeCode, type Provider } from './auth-api';
import { breakMessage } from './break-message';
import { takeSignIn, type SignInAttempt } from './sign-in-request';

const PROVIDERS: readonly string[] = ['google', 'kakao'];
const LOGIN_FAILED = '로그인 중 오류가 발생했습니다.';
const NOT_STARTED_HERE = '이 브라우저에서 시작한 로그인이 아닙니다. 로그인을 다시 시작해주세요.';

// A code can be exchanged once; StrictMode runs effects twice in development.
const exchanged = new Set<string>();

export function OAuthCallbackPage() {
  const { provider = '' } = useParams<{ provider: string }>();
  const search = new URLSearchParams(useSearch());
  const code = search.get('code');
  const state = search.get('state');
  const valid = PROVIDERS.includes(provider) && Boolean(code);
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!valid || !code || exchanged.has(code)) return;
    exchanged.add(code);
    // A code without the state this browser created is someone else's sign-in (login CSRF): never exchanged.
    const attempt = takeSignIn(state, provider as Provider);
    if (!attempt) {
      setError(NOT_STARTED_HERE);
      return;
    }
    signIn(code, provider as Provider, attempt).then(
      (target) => {
        navigate(target, { replace: true });
        // Arrived, or on sign-up with the destination in its address.
        $returnTo.set(null);
      },
      (failure: unknown) => {
        $returnTo.set(null);
        setError(breakMessage(failure instanceof ApiError && failure.status !== 0 ? failure.message : LOGIN_FAILED));
      },
    );
  }, [valid, code, state, provider, navigate]);

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

/**
 * Runs the exchange and tells where to go next: sign-up for a new user (carrying the page the
 * visitor was going to, so that it survives a reload of the sign-up page), otherwise that page (or
 * home), / without a user id. The destination is set before the session starts, so the guards
 * already lead there.
 */
async function signIn(code: string, provider: Provider, attempt: SignInAttempt): Promise<string> {
  const login = await exchangeCode(code, provider, attempt.verifier);
  if (!login) return paths.landing();
  $returnTo.set(attempt.returnTo);
  await startSession(login);
  return isNewUserNickname(login.nickname)
    ? paths.signup(login.userId, attempt.returnTo)
    : (attempt.returnTo ?? paths.main());
}

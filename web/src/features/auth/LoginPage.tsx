import { useMemo } from 'react';
import { Logo } from '../../ui/Logo';
import { useReturnPath } from '../../lib/return-path';
import { paths, routes } from '../../lib/routes';
import { useQuery, viewOf } from '../../lib/server-data';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { AlertIcon } from '../../ui/icons';
import { providerLinksQuery } from './auth-api';
import { GoogleMark, KakaoMark } from './provider-marks';
import { prepareSignIn } from './sign-in-request';
import { cx } from '../../ui/cx';

export function LoginPage() {
  const query = useQuery(providerLinksQuery());
  const links = viewOf(query);
  const data = links.status === 'ready' ? links.data : null;
  const next = useReturnPath();
  // Each visit starts its own attempts: a state and a PKCE verifier per provider, checked on the way back.
  const hrefs = useMemo(
    () =>
      data && {
        google: prepareSignIn('google', data.google, next),
        kakao: prepareSignIn('kakao', data.kakao, next),
      },
    [data, next],
  );

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-surface px-4 py-12">
      <div className="flex w-full max-w-sm flex-col gap-8 rounded-2xl border border-line bg-paper p-8 shadow-sm">
        <div className="flex flex-col items-center gap-4 text-center">
          <Logo href={paths.landing()} />
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold">{routes.login.title}</h1>
            <p className="text-[0.9375rem] text-ink-muted">사용하시는 계정으로 간편하게 시작하세요.</p>
          </div>
        </div>
        {links.status === 'loading' && (
          <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="로그인 방법을 불러오는 중">
            <Skeleton className="h-12 rounded-lg" />
            <Skeleton className="h-12 rounded-lg" />
          </div>
        )}
        {hrefs && (
          <div className="flex flex-col gap-3">
            <a
              href={hrefs.google}
              className={cx(
                'relative inline-flex min-h-12 items-center justify-center gap-3 rounded-lg border',
                'border-line-strong bg-paper px-4 font-semibold text-ink transition-colors duration-150',
                'hover:bg-surface',
              )}
            >
              <GoogleMark className="absolute left-4" />
              Google로 로그인
            </a>
            <a
              href={hrefs.kakao}
              className={cx(
                'relative inline-flex min-h-12 items-center justify-center gap-3 rounded-lg bg-[#FEE500]',
                'px-4 font-semibold text-[#191600] transition-[filter] duration-150',
                'hover:brightness-95',
              )}
            >
              <KakaoMark className="absolute left-4" />
              카카오로 로그인
            </a>
          </div>
        )}
        {links.status === 'failed' && (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-xl bg-danger-soft p-5 text-center">
            <AlertIcon className="text-danger" />
            <p className="text-[0.9375rem] text-ink">
              로그인 방법을 불러오지 못했습니다.
              <br />
              잠시 후 다시 시도해 주세요.
            </p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              다시 시도
            </Button>
          </div>
        )}
        <p className="text-center text-xs text-ink-subtle">
          처음 로그인하면 닉네임과 한 줄 소개를 정하는 가입 화면으로 이어집니다.
        </p>
      </div>
    </main>
  );
}

const BROWSERS = [
  { name: 'Chrome', path: '주소창 왼쪽의 사이트 정보 아이콘 → 사이트 설정 → 알림 → 허용' },
  { name: 'Edge', path: '주소창 왼쪽의 자물쇠 아이콘 → 이 사이트에 대한 권한 → 알림 → 허용' },
  { name: 'Safari', path: 'Safari 메뉴 → 설정 → 웹 사이트 → 알림 → 이 사이트를 허용' },
] as const;

/**
 * How to allow notifications again, per browser (docs/product-rules.md#notifications); shown beside the list while push
 * is off.
 */
export function PermissionGuide({ titleId }: { titleId: string }) {
  return (
    <aside aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl bg-surface p-4 text-sm">
      <h3 id={titleId} className="font-bold text-ink">
        브라우저별 알림 권한 재설정 방법
      </h3>
      <dl className="flex flex-col gap-2.5">
        {BROWSERS.map((b) => (
          <div key={b.name}>
            <dt className="font-semibold text-ink">{b.name}</dt>
            <dd className="leading-relaxed text-ink-muted">{b.path}</dd>
          </div>
        ))}
      </dl>
      <p className="rounded-lg bg-paper px-3 py-2 leading-relaxed font-semibold text-ink ring-1 ring-line">
        권한을 허용하신 후 재로그인을 하셔야 알림 서비스 이용이 가능합니다.
      </p>
    </aside>
  );
}

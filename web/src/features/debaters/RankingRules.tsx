import { PROVISIONAL_DEVIATION } from '@toron/engine';
import { DISCLOSURE_SUMMARY } from '../../ui/disclosure';

/** How the ranking is made, in a disclosure under the page title. */
export function RankingRules() {
  return (
    <details className="group max-w-2xl text-sm text-ink-muted">
      <summary className={DISCLOSURE_SUMMARY}>랭킹은 이렇게 정해져요</summary>
      <ul className="flex list-disc flex-col gap-1.5 rounded-card bg-surface px-6 py-4 leading-relaxed">
        <li>
          투표로 결과가 난 토론(무승부 포함)과 부전승·부전패가 레이팅에 반영돼요. 승패 없이 끝난 토론은 반영되지 않아요.
        </li>
        <li>이기면 오르고 지면 내려가요. 강한 상대를 이길수록 많이 오르고, 약한 상대에게 질수록 많이 내려가요.</li>
        <li>3:3 토론에서는 상대 팀 세 명의 평균 레이팅을 상대로 계산해요.</li>
        <li>
          모두 1500에서 시작해요. 레이팅이 확정된 토론자(레이팅 편차 {PROVISIONAL_DEVIATION} 미만, 보통 레이팅에 반영된
          토론 6~9번)만 랭킹에 올라요. 그 전까지는 잠정 레이팅으로, 프로필에 물음표와 함께 보여요(예: 1532?).
        </li>
        <li>
          설득력은 참관자가 입장(찬성·반대·미정)을 밝힌 토론에서, 첫 발언 때부터 투표 때까지 자기 편 입장이 늘어난
          비율(%p)의 평균이에요. 입장을 밝힌 참관자가 3명 이상인 토론만 측정돼요.
        </li>
      </ul>
    </details>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths, routes } from '../../lib/routes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { canEnter, type GateStance } from './gate';
import { cx } from '../../ui/cx';
import { FIELD_FOCUS } from '../../ui/field-focus';

/**
 * /debate-gate: a room id and a stance, then straight into the debate room (docs/product-rules.md#screens-and-guards).
 */
export function DebateGatePage() {
  const [, navigate] = useLocation();
  const [roomId, setRoomId] = useState('');
  const [stance, setStance] = useState<GateStance | ''>('');
  const selectId = useId();

  const enterRoom = (event: FormEvent) => {
    event.preventDefault();
    if (!canEnter(roomId, stance)) return;
    navigate(paths.debateZone(roomId.trim()), { state: { stance } });
  };

  return (
    <main id="main" className="page-width flex min-h-[60vh] flex-col items-center justify-center py-10 sm:py-16">
      <Card as="section" className="flex w-full max-w-md flex-col gap-6 p-6 sm:p-8">
        <header className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-brand">토론방 입장</p>
          <h1 className="text-2xl font-bold">{routes.debateGate.title}</h1>
          <p className="text-[0.9375rem] text-ink-muted">토론방 번호와 입장을 고르면 바로 토론방으로 이동해요.</p>
        </header>
        <form onSubmit={enterRoom} className="flex flex-col gap-5">
          <TextField label="토론방 번호" value={roomId} onChange={setRoomId} placeholder="토론방 번호를 입력하세요" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-semibold text-ink">
              입장
            </label>
            <select
              id={selectId}
              value={stance}
              onChange={(event) => setStance(event.target.value as GateStance | '')}
              className={cx(
                'min-h-12 w-full rounded-lg border border-line-strong bg-paper px-4 text-base text-ink',
                FIELD_FOCUS,
              )}
            >
              <option value="">입장 선택</option>
              <option value="PRO">찬성</option>
              <option value="CON">반대</option>
            </select>
          </div>
          <Button type="submit" size="lg" disabled={!canEnter(roomId, stance)}>
            입장하기
          </Button>
        </form>
      </Card>
    </main>
  );
}

import { useState, type FormEvent } from 'react';
import { paths } from '../../lib/routes';
import { ApiError } from '../../lib/api';
import { useMutation, useQuery, useQueryClient } from '../../lib/server-data';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { StaffBadge } from '../../ui/StaffBadge';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { afterRename, nicknameCollisionsQuery, renameUser, type CollisionUser } from './admin-api';
import { nicknameField } from '../../lib/member-fields';

/**
 * Look-alike nicknames stored before the server refused them (docs/text-safety.md): the server never
 * renames anyone by itself, so staff see each group here and rename one side. Nothing shows when none are left.
 */
export function NicknameCollisions() {
  const { data: groups } = useQuery(nicknameCollisionsQuery());
  const [renaming, setRenaming] = useState<CollisionUser | null>(null);
  if (!groups || groups.length === 0) return null;
  return (
    <section
      aria-labelledby="collisions-title"
      className="flex flex-col gap-4 rounded-card border border-warning bg-warning-soft p-5"
    >
      <div className="flex flex-col gap-1">
        <h2 id="collisions-title" className="text-lg font-bold">
          서로 비슷해 보이는 닉네임 {groups.length}묶음
        </h2>
        <p className="text-[0.9375rem] text-ink-muted">
          닉네임 중복 검사가 강화되기 전에 만들어진 계정입니다. 같은 사람으로 오해받지 않도록 한쪽의 닉네임을 바꿔
          주세요.
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {groups.map((group) => (
          <li key={group[0]!.id} className="flex flex-col gap-2 rounded-xl bg-paper p-3 ring-1 ring-line">
            {group.map((user) => (
              <div key={user.id} className="flex items-center gap-3">
                <Avatar src={user.profileUrl} alt="" size="sm" />
                <a
                  href={paths.userPage(user.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex min-w-0 flex-1 items-center gap-1.5 font-semibold underline-offset-2 hover:underline"
                >
                  <span className="truncate">{user.nickname}</span>
                  {user.role === 'ROLE_ADMIN' && <StaffBadge />}
                  <span className="tabular text-xs font-normal text-ink-subtle">#{user.id}</span>
                </a>
                <Button variant="secondary" onClick={() => setRenaming(user)}>
                  닉네임 변경
                </Button>
              </div>
            ))}
          </li>
        ))}
      </ul>
      <RenameDialog user={renaming} onClose={() => setRenaming(null)} />
    </section>
  );
}

function RenameDialog({ user, onClose }: { user: CollisionUser | null; onClose: () => void }) {
  const client = useQueryClient();
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (target: CollisionUser) => renameUser(target.id, nickname.trim()),
    onSuccess: (_data, target) => {
      showToast(`'${target.nickname}'님의 닉네임을 '${nickname.trim()}'(으)로 바꿨습니다.`, 'success');
      close();
      return afterRename(client, target.id);
    },
    onError: (failure) =>
      setError(failure instanceof ApiError && failure.status !== 0 ? failure.message : '닉네임을 바꾸지 못했습니다.'),
  });
  const close = () => {
    setNickname('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (user && nickname.trim() !== '') rename.mutate(user);
  };
  return (
    <Modal open={user !== null} title="닉네임 변경" onClose={close} size="sm">
      {user && (
        <form onSubmit={submit} className="flex flex-col gap-5">
          <p className="text-[0.9375rem] text-ink-muted">
            <span className="font-semibold text-ink">{user.nickname}</span>(#{user.id})님의 새 닉네임을 입력해주세요.
            회원이 직접 정할 때와 같은 규칙으로 확인합니다.
          </p>
          <TextField
            label="새 닉네임"
            name="nickname"
            value={nickname}
            onChange={(value) => {
              setNickname(value);
              setError(null);
            }}
            {...nicknameField}
            error={error}
            autoFocus
          />
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={close}>
              취소
            </Button>
            <Button type="submit" className="flex-1" loading={rename.isPending} disabled={nickname.trim() === ''}>
              변경
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

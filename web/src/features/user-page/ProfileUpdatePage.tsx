import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths, routes } from '../../lib/routes';
import { ApiError } from '../../lib/api';
import { useQuery, viewOf } from '../../lib/server-data';
import { useUser } from '../../lib/user-store';
import { Button, ButtonLink } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { ImagePicker } from './ImagePicker';
import { blankProfileField, changedProfileForm, type ProfileFormError } from './profile-form';
import { useProfileUpdate } from './profile-update';
import { profileQuery, type Profile } from './user-api';
import { cx } from '../../ui/cx';
import { introductionField, isNicknameRefusal, nicknameField } from '../../lib/member-fields';

export function ProfileUpdatePage() {
  const me = useUser();
  const myId = me.userId ?? 0;
  const profile = viewOf(useQuery(profileQuery(myId)));
  return (
    <main id="main" className="page-width flex justify-center py-8 sm:py-12">
      <div className="flex w-full max-w-xl flex-col gap-6">
        <h1 className="text-2xl font-bold">{routes.profileUpdate.title}</h1>
        {profile.status === 'ready' ? (
          <ProfileForm profile={profile.data} />
        ) : profile.status === 'failed' ? (
          <p role="alert" className="rounded-xl bg-danger-soft p-4 text-ink">
            프로필을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.
          </p>
        ) : (
          <div role="status" aria-busy="true" aria-label="프로필 불러오는 중" className="flex flex-col gap-4">
            <Skeleton className="size-24 rounded-full" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        )}
      </div>
    </main>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const original = {
    nickname: profile.nickname,
    introduction: profile.introduction ?? '',
    newsListsPrivate: profile.newsListsPrivate,
  };
  const [nickname, setNickname] = useState(original.nickname);
  const [introduction, setIntroduction] = useState(original.introduction);
  const [newsListsPrivate, setNewsListsPrivate] = useState(original.newsListsPrivate);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<ProfileFormError | null>(null);
  const update = useProfileUpdate(profile.id);
  const [, navigate] = useLocation();
  const back = paths.userPage(profile.id);
  useEffect(() => {
    setError(null);
  }, [nickname, introduction, file, newsListsPrivate]);

  // A field's error is shown under it and takes the focus there, where the member corrects it.
  const refuse = (form: HTMLFormElement, refusal: ProfileFormError) => {
    setError(refusal);
    if (refusal.field) form.querySelector<HTMLInputElement>(`input[name="${refusal.field}"]`)?.focus();
  };

  // A form handler nobody awaits: it shows its own outcome (navigation and a toast, or the error text).
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const blank = blankProfileField({ nickname, introduction });
    if (blank) return refuse(formElement, blank);
    const form = changedProfileForm(original, { nickname, introduction, file, newsListsPrivate });
    if (!form) return navigate(back);
    try {
      await update.mutateAsync(form);
      showToast('프로필을 수정했습니다.', 'success');
      navigate(back);
    } catch (failure) {
      const explained = failure instanceof ApiError && failure.status !== 0;
      refuse(formElement, {
        field: isNicknameRefusal(failure) ? 'nickname' : null,
        message: explained ? failure.message : '프로필을 저장하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      });
    }
  };
  const fieldError = (field: ProfileFormError['field']) => (error?.field === field ? error.message : null);

  return (
    <form
      onSubmit={(event) => void save(event)}
      className="flex flex-col gap-6 rounded-card border border-line bg-paper p-6"
    >
      <ImagePicker currentUrl={profile.profileUrl ?? null} file={file} onPick={setFile} />
      <TextField
        label="닉네임"
        name="nickname"
        value={nickname}
        onChange={setNickname}
        error={fieldError('nickname')}
        {...nicknameField}
      />
      <TextField
        label="한 줄 소개"
        name="introduction"
        value={introduction}
        onChange={setIntroduction}
        error={fieldError('introduction')}
        {...introductionField}
      />
      <PrivacySetting checked={newsListsPrivate} onChange={setNewsListsPrivate} />
      {error?.field === null && (
        <p role="alert" className="whitespace-pre-line rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger">
          {error.message}
        </p>
      )}
      <div className="flex gap-2">
        <ButtonLink href={back} variant="secondary" className="flex-1">
          취소
        </ButtonLink>
        <Button type="submit" className="flex-1" loading={update.isPending}>
          저장
        </Button>
      </div>
    </form>
  );
}

/** The owner's choice to keep the user page's saved and liked news to themselves. */
function PrivacySetting({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const hintId = useId();
  return (
    <label
      className={cx(
        'flex cursor-pointer items-start gap-3 rounded-lg border border-line px-4 py-3',
        'has-[:checked]:border-brand has-[:checked]:bg-brand-soft',
      )}
    >
      <input
        type="checkbox"
        className="mt-1 size-4 accent-brand"
        checked={checked}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="flex flex-col gap-0.5">
        <span className="text-sm font-semibold text-ink">저장한 뉴스와 좋아요한 뉴스 비공개</span>
        <span id={hintId} className="text-sm text-ink-muted">
          켜면 다른 회원이 내 페이지의 뉴스 목록을 볼 수 없어요.
        </span>
      </span>
    </label>
  );
}

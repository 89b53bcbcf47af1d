export interface ProfileDraft {
  nickname: string;
  introduction: string;
  file: File | null;
  /** Keep my saved and liked news lists to myself. */
  newsListsPrivate: boolean;
}

/** The multipart body of a profile update: only what changed and is non-empty; null when nothing did. */
export function changedProfileForm(
  original: { nickname: string; introduction: string; newsListsPrivate: boolean },
  draft: ProfileDraft,
): FormData | null {
  const form = new FormData();
  const nickname = draft.nickname.trim();
  const introduction = draft.introduction.trim();
  if (draft.file) form.append('file', draft.file);
  if (nickname && nickname !== original.nickname) form.append('nickname', nickname);
  if (introduction && introduction !== original.introduction) form.append('introduction', introduction);
  if (draft.newsListsPrivate !== original.newsListsPrivate)
    form.append('newsListsPrivate', String(draft.newsListsPrivate));
  return [...form.keys()].length > 0 ? form : null;
}

/** Why the form was not saved, and the field it is about (null: the form as a whole). */
export interface ProfileFormError {
  field: 'nickname' | 'introduction' | null;
  message: string;
}

/**
 * Why a draft cannot be saved, or null: a nickname and an introduction cannot be emptied (the
 * server keeps what an empty field would have replaced), so the member is told rather than
 * finding the old text back after 저장.
 */
export function blankProfileField(draft: Pick<ProfileDraft, 'nickname' | 'introduction'>): ProfileFormError | null {
  if (draft.nickname.trim() === '') return { field: 'nickname', message: '닉네임을 입력해주세요.' };
  if (draft.introduction.trim() === '') return { field: 'introduction', message: '한 줄 소개를 입력해주세요.' };
  return null;
}

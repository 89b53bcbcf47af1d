import { useEffect, useId, useState } from 'react';
import { Avatar } from '../../ui/Avatar';
import { ImageIcon } from '../../ui/icons';
import { cx } from '../../ui/cx';

/** Picks an image file and previews it in place of the current profile image. */
export function ImagePicker({
  currentUrl,
  file,
  onPick,
}: {
  currentUrl: string | null;
  file: File | null;
  onPick: (file: File | null) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="flex items-center gap-5">
      <Avatar
        src={preview ?? currentUrl}
        alt={preview ? '새 프로필 이미지 미리보기' : '현재 프로필 이미지'}
        size="xl"
      />
      <div className="flex flex-col gap-2">
        <input
          id={id}
          type="file"
          accept="image/*"
          className="peer sr-only"
          onChange={(event) => onPick(event.target.files?.[0] ?? null)}
        />
        <label
          htmlFor={id}
          className={cx(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border',
            'border-line-strong px-4 text-[0.9375rem] font-semibold',
            'hover:bg-surface peer-focus-visible:outline-3 peer-focus-visible:outline-brand',
          )}
        >
          <ImageIcon size={18} /> 이미지 선택
        </label>
        <p className="text-xs text-ink-subtle">{file ? file.name : 'JPG, PNG, WEBP, GIF · 5MB 이하'}</p>
      </div>
    </div>
  );
}

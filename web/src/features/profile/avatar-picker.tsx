import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from '@contract/profile';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { initials } from '@/lib/format';
import { useUploadAvatar } from './api';

/** The person's picture, and a button to upload a new one (the server resizes it). */
export function AvatarPicker({
  firstName,
  lastName,
  url,
}: {
  firstName: string;
  lastName: string;
  url: string | null;
}) {
  const { t } = useTranslation('profile');
  const upload = useUploadAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText({ load: true });
  const errorId = useId();
  const pick = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    // Checked here to spare a 10 MB upload; the server checks again, and whether it is an image at all.
    if (file.size > AVATAR_MAX_BYTES) {
      setError(AVATAR_TOO_LARGE);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: t('avatar.updated') }),
      onError: (err) => setError(err.message),
    });
  };
  return (
    <div className="flex items-center gap-4">
      {url ? (
        <img
          src={url}
          alt={t('avatar.alt', { firstName, lastName })}
          data-testid="profile-picture"
          className="size-16 shrink-0 rounded-full object-cover"
        />
      ) : (
        <div
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary-muted text-lg font-semibold text-primary-soft-foreground"
        >
          {initials(firstName, lastName)}
        </div>
      )}
      <div className="min-w-0">
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="avatar-input"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={upload.isPending}
          aria-describedby={error ? errorId : undefined}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden /> {upload.isPending ? t('avatar.uploading') : t('avatar.upload')}
        </Button>
        <p className="mt-1 text-xs text-muted-foreground">{t('avatar.hint')}</p>
        {error && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-danger-foreground">
            {errorText(error)}
          </p>
        )}
      </div>
    </div>
  );
}

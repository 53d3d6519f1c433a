import type { ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import { Button, TextField, toast } from '@verity/shared-ui';
import { t } from './texts';

/** `text` with `part` (a name, an address) in bold wherever the language put it. */
export function emphasise(text: string, part: string): ReactNode {
  const at = part ? text.indexOf(part) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <strong>{part}</strong>
      {text.slice(at + part.length)}
    </>
  );
}

/**
 * A secret shown the one time it exists (an API token's, a webhook endpoint's signing secret): what
 * it is, the secret to select or copy, and Done, after which it is gone from the page.
 */
export function SecretOnce({
  label,
  secret,
  children,
  onDone,
}: {
  label: string;
  secret: string;
  /** What the secret is for, and that it will not be shown again. */
  children: ReactNode;
  onDone: () => void;
}) {
  useLanguage();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t('settings.secret.copied'));
    } catch {
      toast.error(t('settings.secret.copyRefused'));
    }
  };
  return (
    <div className="api-tokens__secret" role="status">
      <p>{children}</p>
      <TextField
        label={label}
        readOnly
        value={secret}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="notification-settings__actions">
        <Button type="button" onClick={() => void copy()}>
          {t('settings.secret.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('settings.secret.done')}
        </Button>
      </div>
    </div>
  );
}

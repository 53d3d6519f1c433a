import { useState } from 'react';
import { Button } from '../button';

export interface ShowEarlierProps {
  /** 'Show 3 earlier remarks', 'Show 4 earlier changes'. */
  label: string;
  className: string;
  /** Loads the next earlier page; resolves once done, whatever the outcome (the caller reports it). */
  onShow: () => Promise<void>;
}

/** The button that loads a list's earlier page, busy while it loads. */
export function ShowEarlier({ label, className, onShow }: ShowEarlierProps) {
  const [loading, setLoading] = useState(false);
  async function show() {
    setLoading(true);
    await onShow();
    setLoading(false);
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      loading={loading}
      onClick={() => void show()}
    >
      {label}
    </Button>
  );
}

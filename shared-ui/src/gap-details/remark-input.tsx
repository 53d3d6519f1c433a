import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ADD_YOUR_COMMENTS, formatFileSizeKb } from '@verity/shared-api';
import { Button } from '../button';
import { IconButton } from '../icon-button';
import { toast } from '../toast';
import { GAP_DETAILS_TEXT, removeImageLabel } from './gap-details-text';

export interface RemarkDraft {
  comments: string;
  documents: File[];
}

export interface RemarkInputProps {
  /** Sends the remark; resolves true when it was saved, so the input clears. */
  onSend: (draft: RemarkDraft) => Promise<boolean>;
}

export function RemarkInput({ onSend }: RemarkInputProps) {
  const [comments, setComments] = useState('');
  const [documents, setDocuments] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const blank = comments.trim() === '';

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (sending) return;
    // A blank remark is still sent, as the spec says; the server refuses it with the same text.
    if (blank) toast.error(ADD_YOUR_COMMENTS);
    setSending(true);
    const saved = await onSend({ comments: comments.trim(), documents });
    setSending(false);
    if (saved) {
      setComments('');
      setDocuments([]);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  function addFiles(list: FileList | null) {
    if (!list || list.length === 0) return;
    const picked = Array.from(list);
    setDocuments((current) => [...current, ...picked]);
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <form className="vui-remark-input" onSubmit={(event) => void send(event)}>
      <label htmlFor={textId} className="vui-field__label">
        {GAP_DETAILS_TEXT.remarkLabel}
      </label>
      <textarea
        id={textId}
        className="vui-input"
        value={comments}
        placeholder={GAP_DETAILS_TEXT.remarkPlaceholder}
        rows={3}
        onChange={(event) => setComments(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {documents.length > 0 ? (
        <ul className="vui-remark-input__files" aria-label={GAP_DETAILS_TEXT.selectedImages}>
          {documents.map((file, index) => (
            <li key={`${file.name}-${index}`} className="vui-remark-input__file">
              <span className="vui-remark__doc-name">{file.name}</span>
              <span className="vui-remark__doc-size">{formatFileSizeKb(file.size)}</span>
              <IconButton
                label={removeImageLabel(file.name)}
                icon={<RemoveIcon />}
                onClick={() =>
                  setDocuments((current) => current.filter((_, position) => position !== index))
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="vui-remark-input__actions">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label={GAP_DETAILS_TEXT.attachmentsInput}
          onChange={(event) => addFiles(event.target.files)}
        />
        <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={sending}>
          {GAP_DETAILS_TEXT.attachImages}
        </Button>
        <Button type="submit" disabled={blank} loading={sending}>
          {GAP_DETAILS_TEXT.send}
        </Button>
      </div>
    </form>
  );
}

function RemoveIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

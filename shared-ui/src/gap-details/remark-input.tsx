import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLanguage } from '@verity/session';
import { formatFileSizeKb, MESSAGES } from '@verity/shared-api';
import { Button } from '../button';
import { IconButton } from '../icon-button';
import {
  PICKABLE_IMAGE_TYPES,
  asPicked,
  hasTouchScreen,
  pickImages,
  prepareTakenPhotos,
  type DraftImage,
  type RefusedFile,
} from '../photo-picking';
import { toast } from '../toast';
import { GAP_DETAILS_TEXT, removeImageLabel } from './gap-details-text';

export interface RemarkDraft {
  comments: string;
  documents: DraftImage[];
}

export interface RemarkInputProps {
  /** Sends the remark; resolves true when it was saved, so the input clears. */
  onSend: (draft: RemarkDraft) => Promise<boolean>;
  /** Told whether the box holds a remark not yet sent (text or picked images). */
  onUnsentChange?: (unsent: boolean) => void;
}

export function RemarkInput({ onSend, onUnsentChange }: RemarkInputProps) {
  useLanguage();
  const [comments, setComments] = useState('');
  const [documents, setDocuments] = useState<DraftImage[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [sending, setSending] = useState(false);
  /** Photos from the camera still being scaled down (and their position asked for). */
  const [preparing, setPreparing] = useState(0);
  // The images as of now, for a photo that finishes preparing after others were added or removed.
  const latestDocuments = useRef(documents);
  latestDocuments.current = documents;
  const [touch] = useState(hasTouchScreen);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const keysHintId = useId();
  const filesHintId = useId();
  const blank = comments.trim() === '';
  const unsent = !blank || documents.length > 0;
  useEffect(() => onUnsentChange?.(unsent), [unsent, onUnsentChange]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (sending || preparing > 0) return;
    // A blank remark is still sent, as the spec says; the server refuses it with the same text.
    if (blank) toast.error(MESSAGES.ADD_YOUR_COMMENTS);
    setSending(true);
    const saved = await onSend({ comments: comments.trim(), documents });
    setSending(false);
    if (saved) {
      setComments('');
      setDocuments([]);
      setRefused([]);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line; on a touch screen Enter always starts a new line.
    if (touch) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  /** Keeps the picked images the server will take; says at once why any other is left out. */
  function addImages(images: DraftImage[]) {
    const { taken, refused: left } = pickImages(
      latestDocuments.current,
      images,
      (image) => image.file,
    );
    latestDocuments.current = taken;
    setDocuments(taken);
    setRefused(left);
  }

  function addFiles(list: FileList | null, input: HTMLInputElement | null) {
    if (!list || list.length === 0) return;
    addImages(Array.from(list, asPicked));
    if (input) input.value = '';
  }

  /**
   * A photo just taken: scaled down on the device, with the device's record when it has no capture
   * time. A photo that cannot be prepared (its code not loaded, say) is added as it was taken.
   */
  async function addPhotos(list: FileList | null, input: HTMLInputElement | null) {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    if (input) input.value = '';
    setPreparing((count) => count + 1);
    try {
      addImages(await prepareTakenPhotos(files));
    } finally {
      setPreparing((count) => count - 1);
    }
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
        aria-describedby={keysHintId}
        onChange={(event) => setComments(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={keysHintId} className="vui-remark-input__hint">
        {touch ? GAP_DETAILS_TEXT.remarkTouchKeysHint : GAP_DETAILS_TEXT.remarkKeysHint}
      </p>
      {documents.length > 0 ? (
        <ul className="vui-remark-input__files" aria-label={GAP_DETAILS_TEXT.selectedImages}>
          {documents.map(({ file }, index) => (
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
      {refused.length > 0 ? (
        <div role="alert" className="vui-remark-input__refused">
          <p>{GAP_DETAILS_TEXT.refusedImages}</p>
          <ul>
            {refused.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                <strong className="vui-remark-input__refused-name">{file.name}</strong>:{' '}
                {file.problem}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="vui-remark-input__actions">
        <input
          ref={fileInput}
          type="file"
          accept={PICKABLE_IMAGE_TYPES}
          multiple
          hidden
          aria-label={GAP_DETAILS_TEXT.attachmentsInput}
          onChange={(event) => addFiles(event.target.files, event.target)}
        />
        <Button
          variant="secondary"
          onClick={() => fileInput.current?.click()}
          disabled={sending}
          aria-describedby={filesHintId}
        >
          {GAP_DETAILS_TEXT.attachImages}
        </Button>
        {touch ? (
          <>
            <input
              ref={cameraInput}
              type="file"
              accept={PICKABLE_IMAGE_TYPES}
              capture="environment"
              hidden
              aria-label={GAP_DETAILS_TEXT.photoInput}
              onChange={(event) => void addPhotos(event.target.files, event.target)}
            />
            <Button
              variant="secondary"
              onClick={() => cameraInput.current?.click()}
              disabled={sending}
              loading={preparing > 0}
              aria-describedby={filesHintId}
            >
              {GAP_DETAILS_TEXT.takePhoto}
            </Button>
          </>
        ) : null}
        <Button type="submit" disabled={blank || preparing > 0} loading={sending}>
          {GAP_DETAILS_TEXT.send}
        </Button>
      </div>
      <p id={filesHintId} className="vui-remark-input__hint">
        {GAP_DETAILS_TEXT.attachmentsHint}
      </p>
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

import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '@verity/session';
import { INCIDENT_TEXT as text, formatFileSizeKb } from '@verity/shared-api';
import {
  Button,
  IconButton,
  PICKABLE_IMAGE_TYPES,
  asPicked,
  hasTouchScreen,
  pickImages,
  prepareTakenPhotos,
  type DraftImage,
  type RefusedFile,
} from '@verity/shared-ui';

export interface IncidentPhotoPickerProps {
  photos: DraftImage[];
  onChange: (photos: DraftImage[]) => void;
  disabled?: boolean;
  /** Told while photos from the camera are being prepared, so nothing is sent without them. */
  onPreparingChange?: (preparing: boolean) => void;
  /** The picker's heading: "Photos" on the report, "Add more photos" once some are sent. */
  label?: string;
}

/**
 * Photos from the files or the camera, under the remarks' rules (images only, the size and count
 * limits; a photo taken here scaled down with the device's capture record): a file the server would
 * refuse is left out at once, with why.
 */
export function IncidentPhotoPicker({
  photos,
  onChange,
  disabled,
  label = text.photos,
  onPreparingChange,
}: IncidentPhotoPickerProps) {
  useLanguage();
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [touch] = useState(hasTouchScreen);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  // The photos as of now, for a photo that finishes preparing after others were added or removed.
  const latest = useRef(photos);
  latest.current = photos;
  useEffect(() => onPreparingChange?.(preparing > 0), [preparing, onPreparingChange]);

  function add(images: DraftImage[]) {
    const { taken, refused: left } = pickImages(latest.current, images, (image) => image.file);
    latest.current = taken;
    onChange(taken);
    setRefused(left);
  }

  function addFiles(input: HTMLInputElement) {
    if (input.files && input.files.length > 0) add(Array.from(input.files, asPicked));
    input.value = '';
  }

  async function addTaken(input: HTMLInputElement) {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length === 0) return;
    setPreparing((count) => count + 1);
    try {
      add(await prepareTakenPhotos(files));
    } finally {
      setPreparing((count) => count - 1);
    }
  }

  return (
    <div className="vui-incidents__photos-picker">
      <span className="vui-field__label">{label}</span>
      <div className="vui-incidents__photo-buttons">
        <input
          ref={fileInput}
          type="file"
          accept={PICKABLE_IMAGE_TYPES}
          multiple
          hidden
          aria-label={text.photosInput}
          onChange={(event) => addFiles(event.target)}
        />
        <Button variant="secondary" disabled={disabled} onClick={() => fileInput.current?.click()}>
          {text.addPhotos}
        </Button>
        {touch ? (
          <>
            <input
              ref={cameraInput}
              type="file"
              accept={PICKABLE_IMAGE_TYPES}
              capture="environment"
              hidden
              aria-label={text.cameraInput}
              onChange={(event) => void addTaken(event.target)}
            />
            <Button
              variant="secondary"
              disabled={disabled}
              loading={preparing > 0}
              onClick={() => cameraInput.current?.click()}
            >
              {text.takePhoto}
            </Button>
          </>
        ) : null}
      </div>
      <p className="vui-incidents__muted">{text.photosHint}</p>
      {photos.length > 0 ? (
        <ul className="vui-incidents__files" aria-label={text.selectedPhotos}>
          {photos.map(({ file }, index) => (
            <li key={`${file.name}-${index}`} className="vui-incidents__file">
              <span className="vui-incidents__file-name">{file.name}</span>
              <span className="vui-incidents__muted">{formatFileSizeKb(file.size)}</span>
              <IconButton
                label={text.removePhoto(file.name)}
                icon={<RemoveIcon />}
                disabled={disabled}
                onClick={() => onChange(photos.filter((_, position) => position !== index))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {refused.length > 0 ? (
        <div role="alert" className="vui-incidents__refused">
          <p>{text.refusedPhotos}</p>
          <ul>
            {refused.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                <strong className="vui-incidents__file-name">{file.name}</strong>: {file.problem}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
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

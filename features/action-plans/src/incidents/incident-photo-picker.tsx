import { useRef, useState } from 'react';
import { INCIDENT_TEXT as text, formatFileSizeKb } from '@verity/shared-api';
import {
  Button,
  IconButton,
  PICKABLE_IMAGE_TYPES,
  hasTouchScreen,
  pickImages,
  type RefusedFile,
} from '@verity/shared-ui';

export interface IncidentPhotoPickerProps {
  photos: File[];
  onChange: (photos: File[]) => void;
  disabled?: boolean;
  /** The picker's heading: "Photos" on the report, "Add more photos" once some are sent. */
  label?: string;
}

/**
 * Photos from the files or the camera, under the remarks' rules (images only, the size and count
 * limits): a file the server would refuse is left out at once, with why.
 */
export function IncidentPhotoPicker({
  photos,
  onChange,
  disabled,
  label = text.photos,
}: IncidentPhotoPickerProps) {
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [touch] = useState(hasTouchScreen);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);

  function add(list: FileList | null, input: HTMLInputElement) {
    if (!list || list.length === 0) return;
    const { taken, refused: left } = pickImages(photos, Array.from(list), (file) => file);
    onChange(taken);
    setRefused(left);
    input.value = '';
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
          onChange={(event) => add(event.target.files, event.target)}
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
              onChange={(event) => add(event.target.files, event.target)}
            />
            <Button
              variant="secondary"
              disabled={disabled}
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
          {photos.map((file, index) => (
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

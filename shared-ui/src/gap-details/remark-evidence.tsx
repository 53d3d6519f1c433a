import { useLanguage } from '@verity/session';
import type { EvidenceWarning, RemarkEvidence } from '@verity/shared-api';
import { Badge, type BadgeTone } from '../badge';
import { formatDate } from '../date-text';
import {
  EVIDENCE_TEXT,
  coordinatesText,
  hashTitle,
  mapLinkHint,
  pixelSizeText,
  sameFileText,
} from './gap-details-text';

/** Hex characters of the hash shown; the whole hash is in the title. */
const SHORT_HASH_LENGTH = 12;

const WARNING_TONES: Readonly<Record<EvidenceWarning, BadgeTone>> = {
  noCaptureData: 'yellow',
  takenBeforeGap: 'red',
  sameFileOnAnotherGap: 'red',
};

function warningText(warning: EvidenceWarning, evidence: RemarkEvidence): string {
  if (warning === 'sameFileOnAnotherGap') {
    return evidence.duplicateOf
      ? sameFileText(evidence.duplicateOf.KPI)
      : EVIDENCE_TEXT.sameFileOnAnotherGap;
  }
  return EVIDENCE_TEXT[warning];
}

/** The whole text of a warning, for its title when the badge cuts a long KPI. */
function warningTitle(warning: EvidenceWarning, evidence: RemarkEvidence): string | undefined {
  if (warning !== 'sameFileOnAnotherGap' || !evidence.duplicateOf) return undefined;
  return sameFileText(evidence.duplicateOf.KPI, true);
}

/**
 * The camera's clock as it read, never turned into the reader's time zone: its UTC offset follows
 * when the image records one.
 */
function CaptureTime({ capturedAt }: { capturedAt: string }) {
  useLanguage();
  const clock = capturedAt.slice(0, 19);
  const offset = capturedAt.slice(19);
  return (
    <time dateTime={capturedAt}>
      {formatDate(clock, 'dateTime')}{' '}
      <span className="vui-remark-evidence__zone">
        {offset ? `UTC${offset}` : `(${EVIDENCE_TEXT.timeZoneUnknown})`}
      </span>
    </time>
  );
}

/** Under a capture time or place the device recorded: said, so no one takes it for the camera's. */
function DeviceNote({ children }: { children: string }) {
  return <span className="vui-remark-evidence__device">{children}</span>;
}

export interface RemarkEvidenceDetailsProps {
  evidence: RemarkEvidence;
}

/** Beside an image of a remark: its warnings as badges, then what it says about itself. */
export function RemarkEvidenceDetails({ evidence }: RemarkEvidenceDetailsProps) {
  useLanguage();
  const { width, height, capturedAt, camera, gps, sha256, warnings, deviceRecorded } = evidence;
  return (
    <div className="vui-remark-evidence">
      {warnings.length > 0 ? (
        // Badges side by side, not a list: the image's own list item holds them.
        <p className="vui-remark-evidence__warnings">
          {warnings.map((warning) => (
            <Badge
              key={warning}
              tone={WARNING_TONES[warning]}
              dot
              className="vui-remark-evidence__warning"
              data-warning={warning}
              title={warningTitle(warning, evidence)}
            >
              {warningText(warning, evidence)}
            </Badge>
          ))}
        </p>
      ) : null}
      <dl className="vui-remark-evidence__facts">
        <div>
          <dt>{EVIDENCE_TEXT.pixels}</dt>
          <dd>
            {width !== null && height !== null
              ? pixelSizeText(width, height)
              : EVIDENCE_TEXT.unreadablePixels}
          </dd>
        </div>
        {capturedAt ? (
          <div>
            <dt>{EVIDENCE_TEXT.taken}</dt>
            <dd>
              <CaptureTime capturedAt={capturedAt} />
              {deviceRecorded.includes('capturedAt') ? (
                <DeviceNote>{EVIDENCE_TEXT.deviceTime}</DeviceNote>
              ) : null}
            </dd>
          </div>
        ) : null}
        {camera ? (
          <div>
            <dt>{EVIDENCE_TEXT.camera}</dt>
            <dd>{camera}</dd>
          </div>
        ) : null}
        {gps ? (
          <div>
            <dt>{EVIDENCE_TEXT.location}</dt>
            <dd>
              <a
                href={`https://www.openstreetmap.org/?mlat=${gps.latitude}&mlon=${gps.longitude}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {coordinatesText(gps.latitude, gps.longitude)}
                <span className="vui-sr-only">{mapLinkHint()}</span>
              </a>
              {deviceRecorded.includes('gps') ? (
                <DeviceNote>{EVIDENCE_TEXT.devicePlace}</DeviceNote>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{EVIDENCE_TEXT.hash}</dt>
          <dd>
            <code title={hashTitle(sha256)}>{sha256.slice(0, SHORT_HASH_LENGTH)}</code>
          </dd>
        </div>
      </dl>
    </div>
  );
}

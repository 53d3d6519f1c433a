// Reading a remark image's evidence: what was recorded at upload, and the warnings worked out as it
// is read (the gap's creation time and the other gaps the reader can see may change after upload).
import type {
  DeviceRecordedField,
  EvidenceWarning,
  RemarkEvidence,
  SessionUser,
} from '@verity/shared-api/src/server';
import { auditVisibleSql } from '../auth/tenancy';

export interface EvidenceJson {
  sha256: string;
  width: number | null;
  height: number | null;
  /** The camera's clock as PostgreSQL writes a `timestamp` in JSON (`YYYY-MM-DDTHH:MM:SS`). */
  capturedAt: string | null;
  utcOffsetMinutes: number | null;
  camera: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Which of the capture data the device recorded (decision 0102); absent from older JSON. */
  deviceRecorded?: DeviceRecordedField[];
  takenBeforeGap: boolean;
  duplicateOf: { gapId: string; KPI: string } | null;
}

/** The alias of the earlier gap's audit that `duplicateVisibility`'s SQL tests. */
const DUPLICATE_AUDIT = 'dup_a';

/**
 * SQL true when the reader may see the audit of an earlier gap holding the same file (tenancy's rule,
 * with its params appended to `params`); without a reader no earlier gap is named.
 */
export function duplicateVisibility(
  reader: SessionUser | undefined,
  params: unknown[],
): string | undefined {
  return reader && auditVisibleSql(reader, DUPLICATE_AUDIT, params);
}

/**
 * The latest instant the capture can have been: with the image's own UTC offset when it records one,
 * else as if the camera's clock ran at UTC−12, the last time zone, so no photo is called earlier than
 * it could have been.
 */
const latestCaptureSql = (d: string) =>
  `((${d}.captured_at - make_interval(mins => COALESCE(${d}.captured_utc_offset_minutes, -720)::int)) AT TIME ZONE 'UTC')`;

/**
 * The first earlier image with the same SHA-256 on another gap of the same client (the client owning
 * the target company), among the gaps the reader can see: never a gap of another client, never one the
 * reader could not open. Withdrawn images have no hash, so they never match.
 */
export const duplicateOfSql = (
  d: string,
  r: string,
  visible: string,
) => `(SELECT jsonb_build_object('gapId', dup_g.id, 'KPI', dup_g.kpi)
    FROM remark_documents dup_d
    JOIN target_companies dup_tc ON dup_tc.id = dup_d.target_company_id
    JOIN remarks dup_r ON dup_r.id = dup_d.remark_id
    JOIN gaps dup_g ON dup_g.id = dup_r.gap_id
    JOIN action_plans dup_ap ON dup_ap.id = dup_g.action_plan_id
    JOIN audits ${DUPLICATE_AUDIT} ON ${DUPLICATE_AUDIT}.id = dup_ap.audit_id
    WHERE dup_d.sha256 = ${d}.sha256 AND dup_g.id <> ${r}.gap_id
      AND (dup_d.created_at, dup_d.id) < (${d}.created_at, ${d}.id)
      AND dup_tc.client_id = (SELECT own_tc.client_id FROM target_companies own_tc WHERE own_tc.id = ${d}.target_company_id)
      AND ${visible}
    ORDER BY dup_d.created_at, dup_d.id LIMIT 1)`;

/**
 * The evidence of the image row `d` of the remark row `r` as JSON, or null for an image stored before
 * evidence was kept, or withdrawn (withdrawal erases it). `visible` comes from `duplicateVisibility`.
 */
export const evidenceJsonSql = (
  d: string,
  r: string,
  visible?: string,
) => `CASE WHEN ${d}.sha256 IS NULL THEN NULL ELSE jsonb_build_object(
    'sha256', ${d}.sha256, 'width', ${d}.width, 'height', ${d}.height,
    'capturedAt', ${d}.captured_at, 'utcOffsetMinutes', ${d}.captured_utc_offset_minutes,
    'camera', ${d}.camera, 'latitude', ${d}.gps_latitude, 'longitude', ${d}.gps_longitude,
    'deviceRecorded', ${d}.device_recorded,
    'takenBeforeGap', COALESCE(${latestCaptureSql(d)} < (SELECT ev_g.created_at FROM gaps ev_g WHERE ev_g.id = ${r}.gap_id), false),
    'duplicateOf', ${visible ? duplicateOfSql(d, r, visible) : 'NULL'}) END`;

/** Minutes east of UTC as ISO 8601's `+HH:MM`. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

export function toEvidence(json: EvidenceJson | null): RemarkEvidence | null {
  if (!json) return null;
  const capturedAt =
    json.capturedAt === null
      ? null
      : json.capturedAt.slice(0, 19) +
        (json.utcOffsetMinutes === null ? '' : offsetText(json.utcOffsetMinutes));
  const gps =
    json.latitude === null || json.longitude === null
      ? null
      : { latitude: json.latitude, longitude: json.longitude };
  const warnings: EvidenceWarning[] = [];
  if (capturedAt === null && json.camera === null && gps === null) warnings.push('noCaptureData');
  if (json.takenBeforeGap) warnings.push('takenBeforeGap');
  if (json.duplicateOf) warnings.push('sameFileOnAnotherGap');
  return {
    sha256: json.sha256,
    width: json.width,
    height: json.height,
    capturedAt,
    camera: json.camera,
    gps,
    deviceRecorded: json.deviceRecorded ?? [],
    warnings,
    duplicateOf: json.duplicateOf,
  };
}

/**
 * `attachment` with the file's name twice (RFC 6266): `filename` in plain ASCII for old clients
 * (accents dropped, other characters replaced), and `filename*` (RFC 5987) in UTF-8 as it is.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .replace(/[–—]/g, '-')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\/]/g, '_');
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
  const encoded = encodeURIComponent(fileName.replace(/[\u0000-\u001f\u007f]/g, '_')).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

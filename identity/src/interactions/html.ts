// Escaping and the page frame shared by every identity page (sign-in, sign-up, account links, errors).
import { directionOf } from '../../../session/src/language/languages';
import type { Language } from '../../../session/src/language/languages';
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

// Sides are logical (inline start and end), so the page mirrors in Arabic.
const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f5f4;color:#1f2a27;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
  main{width:min(26rem,calc(100% - 2rem));background:#fff;border-radius:12px;padding:2rem;
    box-shadow:0 4px 24px rgba(16,42,36,.12)}
  .brand{margin:0 0 .25rem;font-weight:700;letter-spacing:.04em;color:#0f766e}
  h1{margin:0 0 1.25rem;font-size:1.5rem}
  form{display:grid;gap:1rem}
  label{display:block;font-weight:600;margin-bottom:.25rem}
  input{width:100%;padding:.625rem .75rem;border:1px solid #8a9a96;border-radius:8px;font:inherit}
  input:focus{outline:3px solid #5eead4;outline-offset:1px;border-color:#0f766e}
  input[aria-invalid=true]{border-color:#b42318}
  .hint{margin:.25rem 0 0;font-size:.875rem;color:#4b5b57}
  button{padding:.7rem 1rem;border:0;border-radius:8px;background:#0f766e;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  button:hover{background:#115e59}
  button:focus-visible{outline:3px solid #5eead4;outline-offset:2px}
  .alert:empty{display:none}
  .alert{padding:.75rem 1rem;border-radius:8px;background:#fef3f2;color:#912018;border:1px solid #fecdca}
  .alert ul{margin:0;padding-inline-start:1.25rem}
  .notice{padding:.75rem 1rem;border-radius:8px;background:#ecfdf3;color:#05603a;border:1px solid #abefc6}
  .aside{margin:-.5rem 0 0;text-align:end;font-size:.875rem}
  .switch{margin:1.25rem 0 0;text-align:center}
  .minor{font-size:.875rem}
  .notice + .hint{margin:.75rem 0 1rem}
  .secondary{background:#fff;color:#0f766e;border:1px solid #0f766e}
  .secondary:hover{background:#f0fdfa}
  a{color:#0f766e;font-weight:600}
`;

/** `<html lang>` for the page's language, and `dir="rtl"` when it is written right to left. */
export function htmlAttributes(language: Language): string {
  return `lang="${language}"${directionOf(language) === 'rtl' ? ' dir="rtl"' : ''}`;
}

export function page(language: Language, title: string, body: string): string {
  return `<!DOCTYPE html>
<html ${htmlAttributes(language)}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Verity</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Verity</p>
${body}
</main>
</body>
</html>`;
}

/** The error region: always present so screen readers announce what is put into it. */
export function alertRegion(errors: string[]): string {
  const content =
    errors.length === 0
      ? ''
      : errors.length === 1
        ? escapeHtml(errors[0] ?? '')
        : `<ul>${errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul>`;
  return `<div id="form-error" class="alert" role="alert">${content}</div>`;
}

/** A confirmation that something worked, announced politely. */
export function notice(message: string): string {
  return `<div class="notice" role="status">${escapeHtml(message)}</div>`;
}

export function hiddenField(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

export function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

export interface FieldOptions {
  id: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  invalid?: boolean;
  hint?: string;
  minLength?: number;
}

export function field(options: FieldOptions): string {
  const describedBy = [
    options.invalid ? 'form-error' : '',
    options.hint ? `${options.id}-hint` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const attributes = [
    `id="${options.id}"`,
    `name="${options.id}"`,
    `type="${options.type}"`,
    `autocomplete="${options.autocomplete}"`,
    'required',
    options.value !== undefined ? `value="${escapeHtml(options.value)}"` : '',
    options.minLength !== undefined ? `minlength="${options.minLength}"` : '',
    options.invalid ? 'aria-invalid="true"' : '',
    describedBy ? `aria-describedby="${describedBy}"` : '',
  ].filter(Boolean);
  const hint = options.hint
    ? `<p class="hint" id="${options.id}-hint">${escapeHtml(options.hint)}</p>`
    : '';
  return `<div><label for="${options.id}">${escapeHtml(options.label)}</label><input ${attributes.join(' ')}>${hint}</div>`;
}

// The network edge of the screens' tests: a Mock Service Worker server answers the API's HTTP
// requests as the API would, so the screens run their real calls, the real API client and its error
// handling. A request no test answered fails the test that sent it.
import { http, HttpResponse, type DefaultBodyType } from 'msw';
import { setupServer } from 'msw/node';

/** Where the screens' API client sends requests in jsdom (the page is at http://localhost/). */
export const API_ORIGIN = 'http://localhost';
const API_BASE = `${API_ORIGIN}/api/v1`;

/**
 * Answered for every test unless it answers otherwise: every gap's panel asks which incidents the
 * gap is a corrective action of, and most gaps answer none.
 */
const initialHandlers = [
  http.get(`${API_BASE}/gap/:gapId/incidents`, () =>
    HttpResponse.json({ success: true, data: { incidents: [] } }),
  ),
];

export const apiServer = setupServer(...initialHandlers);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One request a screen sent: its path params, search params and JSON body. */
export interface ApiRequest {
  params: Record<string, string>;
  search: Record<string, string>;
  body: unknown;
  /**
   * The query string as sent, with every value of a repeated field (`status=open&status=overdue`).
   * Not enumerable, so a test comparing a whole request (`toHaveBeenCalledWith({ params, search,
   * body })`) need not name it; `expect.objectContaining({ query })` reads it.
   */
  readonly query?: string;
}

/** An answer: the API's success envelope around `data`, or an error body with a status. */
export type ApiAnswer =
  | { data: unknown; status?: number }
  | { error: string | null; status: number }
  /** A body as it is, without the envelope (the accounts lookup answers in its own shape). */
  | { bare: unknown; status?: number }
  /** A file download: the body with its type, named in Content-Disposition as the API does. */
  | { file: string; fileName: string; type: string }
  /** Never answers: the screen stays in its loading state. */
  | 'pending';

/** The envelope the API wraps a success in. */
export function ok(data: unknown, status = 200): ApiAnswer {
  return { data, status };
}

/** A body without the envelope, as the accounts lookup (`GET accounts/user`) answers. */
export function bare(body: unknown, status = 200): ApiAnswer {
  return { bare: body, status };
}

/** A file the API sends for download (the CSV export), named in Content-Disposition. */
export function file(body: string, fileName: string, type = 'text/csv; charset=utf-8'): ApiAnswer {
  return { file: body, fileName, type };
}

/** The API's error answer: `{ success: false, message }` with `status` (no message when null). */
export function fails(status: number, message: string | null = null): ApiAnswer {
  return { error: message, status };
}

function respond(answer: ApiAnswer): Promise<Response> | Response {
  if (answer === 'pending') return new Promise<Response>(() => {});
  if ('file' in answer) {
    return new HttpResponse(answer.file, {
      headers: {
        'Content-Type': answer.type,
        'Content-Disposition': `attachment; filename="${answer.fileName}"`,
      },
    });
  }
  if ('bare' in answer) {
    return HttpResponse.json(answer.bare as DefaultBodyType, { status: answer.status ?? 200 });
  }
  if ('error' in answer) {
    const body: Record<string, DefaultBodyType> = { success: false };
    if (answer.error !== null) body.message = answer.error;
    return HttpResponse.json(body, { status: answer.status });
  }
  return HttpResponse.json({ success: true, data: answer.data } as DefaultBodyType, {
    status: answer.status ?? 200,
  });
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Answers `method path` (relative to /api/v1, with `:param` segments) until the test ends, and
 * returns a mock called with each request, so a test asserts what the screen sent. `answer` may be a
 * list, given out one per request (the last one repeats), or a function of the request; one that
 * returns a promise answers when the test lets it (a slow server, answers arriving together).
 */
export function onApi(
  method: Method,
  path: string,
  answer: ApiAnswer | ApiAnswer[] | ((request: ApiRequest) => ApiAnswer | Promise<ApiAnswer>),
): jest.Mock<void, [ApiRequest]> {
  const received = jest.fn<void, [ApiRequest]>();
  let count = 0;
  apiServer.use(
    http[method](`${API_BASE}/${path}`, async ({ request, params }) => {
      const url = new URL(request.url);
      const sent: ApiRequest = {
        params: params as Record<string, string>,
        search: Object.fromEntries(url.searchParams),
        body: await readBody(request),
      };
      Object.defineProperty(sent, 'query', { value: url.searchParams.toString() });
      received(sent);
      const index = count++;
      const chosen =
        typeof answer === 'function'
          ? await answer(sent)
          : Array.isArray(answer)
            ? answer[Math.min(index, answer.length - 1)]!
            : answer;
      return respond(chosen);
    }),
  );
  return received;
}

/** A body as sent with `expect(mock).toHaveBeenCalledWith(withBody(...))`. */
export function withBody(body: unknown): ApiRequest {
  return expect.objectContaining({ body }) as ApiRequest;
}

/** The parts of a multipart form body as sent: each field's name, file name and text. */
export function formParts(body: unknown): { name: string; fileName?: string; text: string }[] {
  const text = String(body);
  const boundary = text.slice(0, text.indexOf('\r\n'));
  return text
    .split(boundary)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
      return {
        name: /name="([^"]*)"/.exec(head)?.[1] ?? '',
        ...(/filename="([^"]*)"/.test(head)
          ? { fileName: /filename="([^"]*)"/.exec(head)?.[1] }
          : {}),
        text: rest.join('\r\n\r\n').replace(/\r\n$/, ''),
      };
    });
}

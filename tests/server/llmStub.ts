/**
 * A stand-in for an OpenAI-compatible chat completions server on 127.0.0.1 (node:http, port 0),
 * for the LLM analyser tests. Each request takes the next scripted answer from a queue (when the
 * queue is empty it answers 500, so an unexpected request is visible), and every request is
 * recorded with its headers and parsed body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubAnswer =
  /** 200 with `content` as choices[0].message.content. */
  | {
      kind: 'reply';
      content: string;
      finishReason?: string;
      /** usage.total_tokens; null leaves usage out of the reply. */
      totalTokens?: number | null;
      /** Wait this long before answering (timeouts). */
      delayMs?: number;
    }
  /** Any status with a raw body and headers (429 with Retry-After, 500...). */
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    temperature?: number;
    messages?: { role: string; content: string }[];
    response_format?: {
      type?: string;
      json_schema?: { name?: string; strict?: boolean; schema?: Record<string, unknown> };
    };
  };
}

export interface LlmStub {
  /** Base URL, e.g. http://127.0.0.1:41234 (no /v1). */
  url: string;
  requests: RecordedRequest[];
  enqueue(...answers: StubAnswer[]): void;
  close(): Promise<void>;
}

export function reply(
  content: unknown,
  extra: Omit<Extract<StubAnswer, { kind: 'reply' }>, 'kind' | 'content'> = {},
): StubAnswer {
  return {
    kind: 'reply',
    content: typeof content === 'string' ? content : JSON.stringify(content),
    ...extra,
  };
}

export async function startLlmStub(): Promise<LlmStub> {
  const queue: StubAnswer[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
      } catch {
        body = {};
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer = queue.shift() ?? { kind: 'status', status: 500, body: 'no answer scripted' };
      if (answer.kind === 'status') {
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? '');
        return;
      }
      const payload = JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        model: body.model ?? 'stub',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: answer.content },
            finish_reason: answer.finishReason ?? 'stop',
          },
        ],
        ...(answer.totalTokens === null
          ? {}
          : {
              usage: {
                prompt_tokens: 0,
                completion_tokens: 0,
                total_tokens: answer.totalTokens ?? 100,
              },
            }),
      });
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(payload);
      };
      if (answer.delayMs === undefined) {
        send();
      } else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...answers) => queue.push(...answers),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

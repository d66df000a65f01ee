/**
 * A minimal client for OpenAI-compatible `POST {base}/v1/chat/completions` (Ollama, vLLM,
 * llama.cpp server, hosted APIs) with plain fetch. It knows nothing about analysis: it sends
 * messages with a strict JSON schema and returns the text, finish reason and token usage, or
 * throws an LlmCallError whose kind tells the analyser what to do (429 -> cool down, the rest ->
 * offline). Error messages never contain the API key (see redactor()).
 */
import type { ChatMessage } from './prompt';

export interface LlmEndpoint {
  /** ATLAS_LLM_URL: base URL; '/v1/chat/completions' is appended unless already there. */
  url: string;
  /** ATLAS_LLM_KEY, sent as `Authorization: Bearer`; null for local servers without auth. */
  apiKey: string | null;
  /** ATLAS_LLM_MODEL. */
  model: string;
}

export interface ChatReply {
  content: string;
  /** 'stop', 'length' (cut off at max_tokens), ... or null when the server does not say. */
  finishReason: string | null;
  /** usage.total_tokens, or null when the server does not report usage. */
  totalTokens: number | null;
}

export type LlmErrorKind =
  'rate-limited' | 'server' | 'http' | 'timeout' | 'network' | 'bad-response';

export class LlmCallError extends Error {
  readonly kind: LlmErrorKind;
  readonly status: number | null;
  /** From Retry-After on a 429, in milliseconds; null when absent or unreadable. */
  readonly retryAfterMs: number | null;
  constructor(
    kind: LlmErrorKind,
    message: string,
    status: number | null,
    retryAfterMs: number | null,
  ) {
    super(message);
    this.name = 'LlmCallError';
    this.kind = kind;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Longest reply body read (a runaway server must not fill memory). */
const MAX_REPLY_BYTES = 2_000_000;
/** Upper bound for the reply length the model may generate. */
export const MAX_COMPLETION_TOKENS = 2_000;

/** The chat completions URL for a base URL given with or without '/v1' or the full path. */
export function completionsUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  if (/\/v1\/chat\/completions$/.test(trimmed)) return trimmed;
  if (/\/v1$/.test(trimmed)) return `${trimmed}/chat/completions`;
  return `${trimmed}/v1/chat/completions`;
}

/** The endpoint as shown in logs: no user info, no query string (either may hold a secret). */
export function describeEndpoint(base: string): string {
  try {
    const url = new URL(completionsUrl(base));
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** Replaces the key (and the URL's credentials) wherever they might appear in a message. */
export function redactor(endpoint: LlmEndpoint): (text: string) => string {
  const secrets: string[] = [];
  if (endpoint.apiKey !== null && endpoint.apiKey !== '') secrets.push(endpoint.apiKey);
  try {
    const url = new URL(endpoint.url);
    if (url.password !== '') secrets.push(decodeURIComponent(url.password), url.password);
  } catch {
    // An invalid URL has no credentials to hide.
  }
  return (text) => secrets.reduce((out, secret) => out.split(secret).join('***'), text);
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface ChatOptions {
  messages: readonly ChatMessage[];
  schemaName: string;
  schema: object;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export async function chatCompletion(
  endpoint: LlmEndpoint,
  options: ChatOptions,
): Promise<ChatReply> {
  const doFetch = options.fetch ?? fetch;
  const redact = redactor(endpoint);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (endpoint.apiKey !== null && endpoint.apiKey !== '') {
    headers['authorization'] = `Bearer ${endpoint.apiKey}`;
  }
  const body = JSON.stringify({
    model: endpoint.model,
    messages: options.messages,
    temperature: 0,
    max_tokens: MAX_COMPLETION_TOKENS,
    stream: false,
    response_format: {
      type: 'json_schema',
      json_schema: { name: options.schemaName, strict: true, schema: options.schema },
    },
  });
  const signal = AbortSignal.timeout(Math.max(1, options.timeoutMs));
  let text: string;
  let response: Response;
  try {
    response = await doFetch(completionsUrl(endpoint.url), {
      method: 'POST',
      headers,
      body,
      signal,
      redirect: 'error',
    });
    text = await readLimited(response);
  } catch (error) {
    if (signal.aborted) {
      throw new LlmCallError('timeout', `no reply within ${options.timeoutMs} ms`, null, null);
    }
    const cause =
      error instanceof Error ? (error.cause instanceof Error ? error.cause : error) : null;
    const reason = cause === null ? String(error) : `${cause.name}: ${cause.message}`;
    throw new LlmCallError(
      'network',
      redact(`request failed: ${reason}`).slice(0, 300),
      null,
      null,
    );
  }
  if (!response.ok) {
    const snippet = redact(text.replace(/\s+/g, ' ').slice(0, 200));
    const message = `HTTP ${response.status}${snippet === '' ? '' : `: ${snippet}`}`;
    if (response.status === 429) {
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      throw new LlmCallError('rate-limited', message, 429, retryAfter);
    }
    throw new LlmCallError(
      response.status >= 500 ? 'server' : 'http',
      message,
      response.status,
      null,
    );
  }
  return parseReply(text);
}

async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_REPLY_BYTES) {
    await response.body?.cancel();
    throw new Error(`reply too large (${declared} bytes)`);
  }
  const text = await response.text();
  if (text.length > MAX_REPLY_BYTES) throw new Error(`reply too large (${text.length} chars)`);
  return text;
}

interface CompletionBody {
  choices?: { message?: { content?: unknown }; finish_reason?: unknown }[];
  usage?: { total_tokens?: unknown };
}

function parseReply(text: string): ChatReply {
  let parsed: CompletionBody;
  try {
    parsed = JSON.parse(text) as CompletionBody;
  } catch {
    throw new LlmCallError('bad-response', 'the server did not answer with JSON', 200, null);
  }
  const choice = Array.isArray(parsed.choices) ? parsed.choices[0] : undefined;
  const content = choice?.message?.content;
  if (typeof content !== 'string') {
    throw new LlmCallError(
      'bad-response',
      'the reply has no choices[0].message.content',
      200,
      null,
    );
  }
  const total = parsed.usage?.total_tokens;
  return {
    content,
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null,
    totalTokens: typeof total === 'number' && Number.isFinite(total) && total >= 0 ? total : null,
  };
}

import { AI_LIMITS } from '@nexus/contracts';

/** AI_BASE_URL, AI_API_KEY and AI_MODEL (DESIGN section 8): an OpenAI-compatible endpoint. */
export interface AiProviderConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** How long to wait; AI_LIMITS.providerTimeoutMs unless a test shortens it. */
  timeoutMs?: number;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** The provider's answer: its raw body and the first choice's text, or why there is none. */
export interface ChatAnswer {
  ok: boolean;
  raw: string;
  content: string | null;
  error: string | null;
}

/**
 * One chat completion. Never throws: a refusal, a malformed body or the timeout (the built-in
 * suggester answers then) comes back as `ok: false` with the reason.
 */
export async function chatCompletion(
  config: AiProviderConfig,
  messages: ChatMessage[],
  timeoutMs: number = config.timeoutMs ?? AI_LIMITS.providerTimeoutMs,
): Promise<ChatAnswer> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({ model: config.model, messages, temperature: 0.2 }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const raw = await response.text();
    if (!response.ok)
      return { ok: false, raw, content: null, error: `The provider answered ${response.status}.` };
    const body = JSON.parse(raw) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string')
      return { ok: false, raw, content: null, error: 'The answer had no text.' };
    return { ok: true, raw, content, error: null };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      ok: false,
      raw: '',
      content: null,
      error: timedOut ? 'The provider did not answer in time.' : `The provider could not be reached.`,
    };
  }
}

/**
 * The item ids and reasons the model chose, read from its text (a JSON object, maybe inside a code
 * fence). Ids it invented are dropped by the caller; reasons are cut to plain, short text.
 */
export function parseChoices(content: string): { item_id: string; reason: string }[] {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return [];
  try {
    const parsed = JSON.parse(content.slice(start, end + 1)) as { items?: unknown };
    if (!Array.isArray(parsed.items)) return [];
    return parsed.items.flatMap((item) => {
      const entry = item as { item_id?: unknown; reason?: unknown };
      if (typeof entry.item_id !== 'string') return [];
      const reason =
        typeof entry.reason === 'string' ? entry.reason.replace(/\s+/g, ' ').trim().slice(0, 300) : '';
      return [{ item_id: entry.item_id, reason }];
    });
  } catch {
    return [];
  }
}

import type { InjectOptions } from 'fastify';

/**
 * A multipart/form-data body as a browser sends it (FormData serialised by Node's own fetch
 * classes): the file in `file`, the options as JSON in `options`.
 */
export async function multipart(
  file: { name: string; content: string | Uint8Array } | undefined,
  options?: unknown,
  /** The options field as sent, when a test sends text that is not JSON. */
  rawOptions?: string,
): Promise<{ payload: Buffer; extra: InjectOptions }> {
  const form = new FormData();
  if (file !== undefined) {
    const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
    form.append('file', new Blob([bytes]), file.name);
  }
  if (options !== undefined || rawOptions !== undefined) form.append('options', rawOptions ?? JSON.stringify(options));
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return { payload, extra: { headers: { 'content-type': response.headers.get('content-type') ?? '' } } };
}

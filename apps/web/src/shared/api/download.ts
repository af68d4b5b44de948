import { http } from './http';

/**
 * Downloads a file the API answers through the one HTTP client, so a tenant context's header goes
 * along (a plain link cannot send it), and saves it under `filename`.
 */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const response = await http.request<Blob>({ url, method: 'GET', responseType: 'blob' });
  const href = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

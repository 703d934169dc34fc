import type { DownloadedFile } from '../../../api/client.ts';

/** Saves a downloaded file under the server's name (a blob link: the request needed the bearer token). */
export function saveFile(file: DownloadedFile, fallback: string): void {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.filename ?? fallback;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

// Hands bytes or text to the browser as a file download (a blob: URL, never a network request).
import type { Download } from '../../state/bundle';

export function saveDownload({ fileName, data, mimeType }: Download): void {
  const url = URL.createObjectURL(new Blob([data], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the download starts asynchronously and still needs the URL.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

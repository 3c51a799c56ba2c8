/** Saving a file the API answered with (e.g. the CSV export) through the browser's download. */
export interface DownloadableFile {
  content: string | ArrayBuffer;
  filename: string;
  contentType: string;
}

export type Downloader = (file: DownloadableFile) => void;

/** A Blob behind an object URL and a clicked `<a download>`; the URL is freed right after. */
export const browserDownload: Downloader = ({ content, filename, contentType }) => {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click has been handled: revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};

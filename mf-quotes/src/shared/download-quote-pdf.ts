import { Routes } from '@rampquote/contracts';
import { buildErrorMessage, UNEXPECTED_ERROR } from '@rampquote/web-kit';

/** The toast text when the PDF cannot be had and the server said nothing. */
export const PDF_DOWNLOAD_FAILED = 'Failed to download the PDF.';

/** The file name of a request's PDF. */
export const quotePdfFileName = (uniqueId: string) => `RampQuote-${uniqueId}.pdf`;

/**
 * Downloads GET /api/quote-requests/{id}/pdf (the request and the price comparison) as a file. Rejects with an
 * Error carrying the server's message (the shared rule of spec section 8) when the PDF cannot be had, or with an
 * empty message when there is none to give (network failure, empty error body).
 */
export async function downloadQuotePdf(id: string, uniqueId: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(
      new Request(Routes.quoteRequests.pdf(id), { credentials: 'include', headers: { accept: 'application/pdf' } }),
    );
  } catch {
    throw new Error('');
  }
  if (!response.ok) {
    const message = buildErrorMessage(await response.text().catch(() => ''), response.statusText);
    throw new Error(message === UNEXPECTED_ERROR ? '' : message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = quotePdfFileName(uniqueId);
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Let the download start before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

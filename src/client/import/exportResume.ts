import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { resumeFileName, toJsonResume } from '../../shared/resume/to-json-resume.js';
import { TEMPLATE_DEFINITIONS, type TemplateId } from '../../shared/templates/catalog.js';
import {
  APP_MEDIA_BASE,
  mediaUrl,
  parseUploadRef,
  variantFile,
  variantWidths,
} from '../../shared/uploads.js';

/** An image as others can load it: an upload's largest JPEG on this site, or its web address. */
function absoluteImage(value: string): string | undefined {
  const upload = parseUploadRef(value);
  if (upload) {
    const width = variantWidths(upload.width).at(-1)!;
    return new URL(
      mediaUrl(APP_MEDIA_BASE, upload.hash, variantFile(width, 'jpeg')),
      location.origin,
    ).href;
  }
  return /^https?:\/\//i.test(value) ? value : undefined;
}

/**
 * Downloads the portfolio as a JSON Resume file, made here from the data the page already has
 * (the draft, or a published page's data): nothing is sent for it.
 */
export function downloadJsonResume(
  templateId: TemplateId,
  data: PortfolioData,
  canonical?: string,
): void {
  const resume = toJsonResume(data, TEMPLATE_DEFINITIONS[templateId], {
    imageUrl: absoluteImage,
    canonical,
    now: new Date(),
  });
  const blob = new Blob([`${JSON.stringify(resume, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = resumeFileName(data.personalDetails.name);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; the page's is let go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

import { createContext, useContext } from 'react';
import {
  CENTRE,
  mediaUrl,
  objectPosition,
  parseUploadRef,
  variantFile,
  variantWidths,
  VARIANT_CONTENT_TYPES,
  APP_MEDIA_BASE,
  type UploadRef,
  type VariantFormat,
} from '../../uploads.js';

/**
 * Where uploaded images' files are fetched from: `/media` (the app serves them) unless the server
 * renders with a CDN's address (S3_PUBLIC_BASE_URL) in a provider around the template.
 */
export const MediaBaseContext = createContext(APP_MEDIA_BASE);
export const MediaBaseProvider = MediaBaseContext.Provider;

/**
 * How urgently an image is needed: `priority` for the largest image above the fold (fetched
 * first), `eager` for other images in the first screen, `lazy` for everything further down.
 */
export type ImageLoad = 'priority' | 'eager' | 'lazy';

export interface TemplateImageProps {
  /** An image address, or an uploaded image's reference (`upload:<hash>:<w>x<h>[#x,y]`). */
  src: string;
  alt: string;
  className?: string;
  /** The box the template lays the image out in; its ratio reserves the space before loading. */
  width: number;
  height: number;
  /** How wide the image is shown, for the browser to pick a width (the `sizes` attribute). */
  sizes: string;
  load: ImageLoad;
  /** For an address (not an upload): `decoding="async"`, as the template chose. */
  decoding?: 'async';
}

function srcset(base: string, ref: UploadRef, format: VariantFormat): string {
  return variantWidths(ref.width)
    .map((width) => `${mediaUrl(base, ref.hash, variantFile(width, format))} ${width}w`)
    .join(', ');
}

/** The fallback `src` for browsers without `srcset`: a middle width, not the largest. */
function fallbackWidth(ref: UploadRef): number {
  const widths = variantWidths(ref.width);
  return widths.filter((width) => width <= 1024).pop() ?? widths[0]!;
}

/**
 * An image in a template. An address renders as a plain `<img>`, as before uploads existed. An
 * upload renders a `<picture>`: AVIF and WebP sources and a JPEG fallback, each at every width
 * the server made (never wider than the original), cropped around the upload's focal point.
 * The `<picture>` takes no box of its own (`display: contents`), so each template's CSS for its
 * `img` keeps applying unchanged.
 */
export function TemplateImage({
  src,
  alt,
  className,
  width,
  height,
  sizes,
  load,
  decoding,
}: TemplateImageProps) {
  const mediaBase = useContext(MediaBaseContext);
  const ref = parseUploadRef(src.trim());
  if (!ref) {
    return (
      <img
        className={className}
        src={src.trim()}
        alt={alt}
        width={width}
        height={height}
        loading={load === 'lazy' ? 'lazy' : undefined}
        decoding={decoding}
      />
    );
  }
  const focus = ref.focus ?? CENTRE;
  return (
    <picture style={{ display: 'contents' }}>
      {(['avif', 'webp'] as const).map((format) => (
        <source
          key={format}
          type={VARIANT_CONTENT_TYPES[format]}
          srcSet={srcset(mediaBase, ref, format)}
          sizes={sizes}
        />
      ))}
      <img
        className={className}
        src={mediaUrl(mediaBase, ref.hash, variantFile(fallbackWidth(ref), 'jpeg'))}
        srcSet={srcset(mediaBase, ref, 'jpeg')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={load === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={load === 'priority' ? 'high' : undefined}
        decoding="async"
        style={
          focus.x === CENTRE.x && focus.y === CENTRE.y
            ? undefined
            : { objectPosition: objectPosition(focus) }
        }
      />
    </picture>
  );
}

/**
 * The person's portrait: a square, the first screen's largest image (fetched first), named
 * aloud by whose it is.
 */
export function Portrait({
  src,
  name,
  size,
  sizes,
  className,
  decoding,
}: {
  src: string;
  /** The person's name as they wrote it ('' when they left it out). */
  name: string;
  /** The square's side in the template's layout. */
  size: number;
  sizes: string;
  className?: string;
  decoding?: 'async';
}) {
  return (
    <TemplateImage
      className={className}
      src={src}
      alt={name.trim() ? `Portrait of ${name}` : 'Portrait'}
      width={size}
      height={size}
      sizes={sizes}
      load="priority"
      decoding={decoding}
    />
  );
}

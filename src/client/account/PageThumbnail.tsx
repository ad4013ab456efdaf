import { useLayoutEffect, useRef, useState } from 'react';
import { publicPagePath } from '../../shared/routes.js';
import { isTemplateId, templateCardImage } from '../../shared/templates/catalog.js';
import './page-thumbnail.css';

/** The width the page is drawn at before it is scaled down: a laptop's, so it looks as visitors see it. */
const PAGE_WIDTH = 1200;
/** 4:3, like the templates' pictures. */
const PAGE_HEIGHT = 900;

/**
 * The card's picture. A page that is up shows itself, scaled down (a frame of the public page,
 * our own page from our own origin; nothing in it takes focus or clicks), so the owner sees their own name
 * and work, not the template's sample person. A page that is not shown keeps the template's
 * picture, in grey. `className` places it in its page's layout.
 */
export function PageThumbnail({
  username,
  templateId,
  served,
  className,
}: {
  username: string;
  templateId: string;
  served: boolean;
  className: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => setScale(element.clientWidth / PAGE_WIDTH);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [served]);

  if (!served) {
    return isTemplateId(templateId) ? (
      <img
        className={`page-thumb ${className}`}
        src={templateCardImage(templateId)}
        alt=""
        width={200}
        height={150}
        loading="lazy"
      />
    ) : null;
  }
  return (
    // Inert: the picture is not a second way into the page (the title link is), for keys or screen readers.
    <div className={`page-thumb page-thumb--live ${className}`} ref={box} inert>
      {scale > 0 && (
        <iframe
          src={publicPagePath(username)}
          title={`Your page ${username}, in small`}
          tabIndex={-1}
          loading="lazy"
          width={PAGE_WIDTH}
          height={PAGE_HEIGHT}
          style={{ transform: `scale(${scale})` }}
        />
      )}
    </div>
  );
}

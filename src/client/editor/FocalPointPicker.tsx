import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clampFocus, objectPosition, type FocalPoint } from '../../shared/uploads.js';

interface FocalPointPickerProps {
  id: string;
  /** What the image is, e.g. "profile picture" or "tile 2's image". */
  name: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  value: FocalPoint;
  onChange: (focus: FocalPoint) => void;
}

const STEP = 5;
const FINE_STEP = 1;

const describe = (focus: FocalPoint) => `${focus.x}% from the left, ${focus.y}% from the top`;

/**
 * Chooses the point of an image that a crop keeps in view (a circle or a square in some
 * templates): drag on the whole image, or move the marker with the arrow keys (Shift for fine
 * steps, Home for the centre). Beside it, the image cropped to a circle around that point.
 */
export function FocalPointPicker({
  id,
  name,
  thumbnailUrl,
  width,
  height,
  value,
  onChange,
}: FocalPointPickerProps) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = surfaceRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return;
    onChange(
      clampFocus({
        x: ((event.clientX - box.left) / box.width) * 100,
        y: ((event.clientY - box.top) / box.height) * 100,
      }),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? FINE_STEP : STEP;
    const moves: Record<string, FocalPoint> = {
      ArrowLeft: { x: value.x - step, y: value.y },
      ArrowRight: { x: value.x + step, y: value.y },
      ArrowUp: { x: value.x, y: value.y - step },
      ArrowDown: { x: value.x, y: value.y + step },
      Home: { x: 50, y: 50 },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    onChange(clampFocus(next));
  };

  return (
    <div className="focal">
      <div
        ref={surfaceRef}
        id={id}
        className="focal__surface"
        style={{ aspectRatio: `${width} / ${height}` }}
        role="slider"
        tabIndex={0}
        aria-label={`Position of the ${name}`}
        aria-describedby={`${id}-hint`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value.x}
        aria-valuetext={describe(value)}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
          pointAt(event);
        }}
        onPointerMove={(event) => {
          if (dragging.current) pointAt(event);
        }}
        onPointerUp={() => {
          dragging.current = false;
        }}
        onPointerCancel={() => {
          dragging.current = false;
        }}
      >
        <img className="focal__image" src={thumbnailUrl} alt="" draggable={false} />
        <span
          className="focal__marker"
          style={{ left: `${value.x}%`, top: `${value.y}%` }}
          aria-hidden="true"
        />
      </div>
      <div className="focal__side">
        <img
          className="focal__crop"
          src={thumbnailUrl}
          alt=""
          style={{ objectPosition: objectPosition(value) }}
        />
        <p className="focal__hint" id={`${id}-hint`}>
          <span className="for-pointer">
            Drag on the picture, or use the arrow keys, to choose what stays in view when a template
            crops it to a circle or a square.
          </span>
          <span className="for-touch">
            Drag the dot, or tap the picture, to choose what stays in view when a template crops it
            to a circle or a square.
          </span>
        </p>
      </div>
    </div>
  );
}

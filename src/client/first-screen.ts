/**
 * The Element Timing name of the picture a drawn page's first screen is waiting for (the first
 * card on /choose): start-after-first-screen.ts starts the app once the browser reports it
 * painted.
 */
export const FIRST_SCREEN_PICTURE = 'first-screen';

declare module 'react' {
  // Element Timing's attribute (https://wicg.github.io/element-timing/), not yet in React's types.
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    elementtiming?: string;
  }
}

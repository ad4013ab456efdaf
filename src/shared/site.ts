/** The product's name, as page titles, mails and the payment dialog show it. */
export const SITE_NAME = 'Online Portfolio Builder';

/**
 * The narrowest window the builder works in: below it (a smartwatch, a split screen) the editor
 * and the final preview send the person to /screen-error. Phones start at 320 px.
 */
export const NARROWEST_BUILDER_WIDTH = 320;

/** At this width and below the editor shows its form alone, with the preview one tap away. */
export const PHONE_LAYOUT_WIDTH = 750;

/** What the builder says it is, in its pages' description (as src/client/index.html has it). */
export const SITE_DESCRIPTION =
  'Build a portfolio website from a beautiful template, preview it live and publish it under your own name.';

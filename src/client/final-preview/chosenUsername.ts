/**
 * The final preview's username field, kept per template for this browser tab (sessionStorage),
 * so that a reload does not lose the name being chosen.
 */
const keyOf = (templateId: string) => `finalPreviewUsername:${templateId}`;

/** What was typed in the final preview's username field for this template, so a reload keeps it. */
export function readChosenUsername(templateId: string): string {
  try {
    return window.sessionStorage.getItem(keyOf(templateId)) ?? '';
  } catch {
    return '';
  }
}

export function writeChosenUsername(templateId: string, username: string): void {
  try {
    if (username === '') window.sessionStorage.removeItem(keyOf(templateId));
    else window.sessionStorage.setItem(keyOf(templateId), username);
  } catch {
    // Not kept across a reload, then; the field itself still works.
  }
}

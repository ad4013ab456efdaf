/**
 * The final preview's username field, kept per template in this browser (localStorage, as the
 * draft is), so that a reload, another tab or coming back another day does not lose the name
 * being chosen. Forgotten once that name is paid for.
 */
const keyOf = (templateId: string) => `finalPreviewUsername:${templateId}`;

/** What was typed in the final preview's username field for this template, so a reload keeps it. */
export function readChosenUsername(templateId: string): string {
  try {
    return window.localStorage.getItem(keyOf(templateId)) ?? '';
  } catch {
    return '';
  }
}

export function writeChosenUsername(templateId: string, username: string): void {
  try {
    if (username === '') window.localStorage.removeItem(keyOf(templateId));
    else window.localStorage.setItem(keyOf(templateId), username);
  } catch {
    // Not kept across a reload, then; the field itself still works.
  }
}

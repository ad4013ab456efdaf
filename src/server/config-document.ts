import { format } from 'prettier';
import { configurationMarkdown } from './config-reference.js';

/** docs/configuration.md as it must read: the reference, formatted as the repository's Markdown. */
export function configurationDocument(): Promise<string> {
  return format(configurationMarkdown(), { parser: 'markdown', filepath: 'docs/configuration.md' });
}

import type { Migration } from 'kysely';
import * as initial from './20261121120000_initial.js';
import * as loginAttempts from './20261121130000_login_attempts.js';
import * as pageGeneration from './20261121140000_page_generation.js';
import * as uploads from './20261122230000_uploads.js';
import * as paymentConfirmation from './20261123010000_payment_confirmation.js';
import * as renderedPages from './20261123120000_rendered_pages.js';
import * as rateLimits from './20261123130000_rate_limits.js';
import * as unpublishedUsernames from './20261124000000_unpublished_usernames.js';
import * as termReminders from './20261124020000_term_reminders.js';
import * as orderKinds from './20261124040000_order_kinds.js';
import * as receipts from './20261124050000_receipts.js';
import * as contactMessages from './20261124080000_contact_messages.js';
import * as pageVisits from './20261124100000_page_visits.js';
import * as customDomains from './20261124070000_custom_domains.js';
import * as contactSenders from './20261124110000_contact_senders.js';
import * as domainClaims from './20261124113000_domain_claims.js';
import * as pageImageOrigins from './20261124120000_page_image_origins.js';
import * as uploadFocalCrops from './20261124140000_upload_focal_crops.js';
import * as pageGenerationReleases from './20261124150000_page_generation_releases.js';
import * as changeCursorIndexes from './20261127090000_change_cursor_indexes.js';
import * as paymentReconciliation from './20261206090000_payment_reconciliation.js';
import * as previewLinks from './20261206140000_preview_links.js';

/**
 * Every migration, by its timestamped name. Listed here rather than read from the folder so that
 * the bundled server carries them; add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '20261121120000_initial': initial,
  '20261121130000_login_attempts': loginAttempts,
  '20261121140000_page_generation': pageGeneration,
  '20261122230000_uploads': uploads,
  '20261123010000_payment_confirmation': paymentConfirmation,
  '20261123120000_rendered_pages': renderedPages,
  '20261123130000_rate_limits': rateLimits,
  '20261124000000_unpublished_usernames': unpublishedUsernames,
  '20261124020000_term_reminders': termReminders,
  '20261124040000_order_kinds': orderKinds,
  '20261124050000_receipts': receipts,
  '20261124070000_custom_domains': customDomains,
  '20261124080000_contact_messages': contactMessages,
  '20261124100000_page_visits': pageVisits,
  '20261124110000_contact_senders': contactSenders,
  '20261124113000_domain_claims': domainClaims,
  '20261124120000_page_image_origins': pageImageOrigins,
  '20261124140000_upload_focal_crops': uploadFocalCrops,
  '20261124150000_page_generation_releases': pageGenerationReleases,
  '20261127090000_change_cursor_indexes': changeCursorIndexes,
  '20261206090000_payment_reconciliation': paymentReconciliation,
  '20261206140000_preview_links': previewLinks,
};

/** Where every info page sends people who need a person. */
export const SUPPORT_EMAIL = 'support@onlineportfoliobuilder.in';

/** How soon support answers, and how soon an approved refund arrives (SPEC section 9). */
export const REPLY_TIME = '1-2 business days';
export const REFUND_TIME = '10 business days';

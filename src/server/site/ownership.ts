/**
 * What a person is told when they act on a username that is not theirs (or not published): the
 * same words from every slice that asks findOwnedName, so a stranger's name and a free one read
 * alike.
 */
export const NOT_YOUR_NAME = 'You have no portfolio at this username.';

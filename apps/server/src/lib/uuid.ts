const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the text is a UUID as PostgreSQL reads one. An id from a socket payload, or one of many read together, is
 * checked first: as a value of a uuid column anything else is a database error (the statement's, and in a batch every
 * caller's), where it should simply name nothing.
 */
export const isUuid = (id: string): boolean => uuidPattern.test(id);

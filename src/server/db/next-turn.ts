/**
 * Waits for the event loop's next turn. Embedded PGlite runs each SQL statement on the server's
 * own thread and answers no request in between, so a long write made of many statements awaits
 * this between them to let waiting requests (the health check, members' reads) through.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

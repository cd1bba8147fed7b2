export const WEB_DIR: string;
export function buildWebIfStale(options?: { log?: (message: string) => void }): boolean;

/**
 * How names and courses are compared: case, spaces, punctuation, accents and a country suffix
 * ("Northern Star (IRE)") do not count.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\(\s*[a-z]{2,3}\s*\)\s*$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

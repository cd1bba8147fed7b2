import type { HttpClient } from '../support/http-client';

const DATA_ELEMENT = /<script type="application\/json" id="vbg-data">([^<]*)<\/script>/;
const ROOT = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/;

/** The page's data element (the render's queries and its time), or null when it was not rendered. */
export const pageData = (html: string) => DATA_ELEMENT.exec(html)?.[1] ?? null;

/** A page as a browser gets it: status, the markup React rendered into #root, and the data element. */
export async function fetchPage(client: HttpClient, path: string) {
  const res = await client.get(path);
  return {
    status: res.status,
    html: res.text,
    root: ROOT.exec(res.text)?.[1] ?? '',
    data: pageData(res.text),
    headers: res.headers,
  };
}

/** When the page was rendered: the same value twice means the second came from the page cache. */
export const renderedAt = (p: { data: string | null }) => (JSON.parse(p.data!) as { now: string }).now;

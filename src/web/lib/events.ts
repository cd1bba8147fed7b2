/** Sent when News & Views is clicked while already open: the page clears its selected article. */
export const NEWS_RESET_EVENT = 'vbg:news-reset';

export function dispatchNewsReset() {
  window.dispatchEvent(new CustomEvent(NEWS_RESET_EVENT));
}

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** Whether the browser looks like a phone or tablet (sent to the server as X-Mobile-Client). */
export function isMobileClient(): boolean {
  if (typeof navigator === 'undefined') return false;
  if (MOBILE_UA.test(navigator.userAgent)) return true;
  // iPadOS reports a desktop Safari user agent; touch points give it away.
  return /Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1;
}

/**
 * This browser's Web Push subscription as signing out sees it. A push endpoint is bound on the
 * server to the member who registered it; signing out hands the endpoint over so the server frees
 * it, and drops the subscription here, so the next person on this browser neither gets the last
 * member's alerts nor finds the device taken.
 */
async function thisDevicePush(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager?.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/** Runs the sign-out request with this browser's push endpoint (when it has one), then unsubscribes here. */
export async function signOutWithDevice<T>(signOut: (body: { pushEndpoint?: string }) => Promise<T>): Promise<T> {
  const subscription = await thisDevicePush();
  const answer = await signOut(subscription ? { pushEndpoint: subscription.endpoint } : {});
  await subscription?.unsubscribe().catch(() => false);
  return answer;
}

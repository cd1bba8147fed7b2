import { toast } from '#web/components/ui/use-toast';
import { apiJson, errorMessage } from '#web/lib/request';
import type { UploadResult } from '../upload';

/** A JSON admin action answering { success, message, popupMessage }; failures come back as results too. */
export async function runStageAction(stage: number, method: string, url: string, data: unknown): Promise<UploadResult> {
  let result: UploadResult;
  try {
    const body = await apiJson<Partial<UploadResult> | null>(method, url, data);
    const ok = body?.success !== false;
    result = {
      success: ok,
      message: typeof body?.message === 'string' && body.message ? body.message : ok ? 'Done' : 'The request failed',
      popupMessage: typeof body?.popupMessage === 'string' ? body.popupMessage : undefined,
    };
  } catch (err) {
    result = { success: false, message: errorMessage(err, 'The request failed') };
  }
  if (result.success) toast({ title: `Stage ${stage} Complete`, description: result.message });
  else
    toast({ title: 'Upload Failed', description: `Stage ${stage} Failed: ${result.message}`, variant: 'destructive' });
  return result;
}

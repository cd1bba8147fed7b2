import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, ButtonLink } from '#web/components/ui/button';
import { toast } from '#web/components/ui/use-toast';

const COPIED_MS = 2000;
const COPY_TOAST_MS = 3000;

/** Signed-out visitors on an article page: the offer with the article's code (or the default). */
export function DiscountBanner({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(code);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      toast({
        title: 'Code Copied!',
        description: `Discount code "${code}" copied to clipboard`,
        duration: COPY_TOAST_MS,
      });
    } catch {
      toast({ title: 'Copy Failed', description: 'Please manually copy the discount code', variant: 'destructive' });
    }
  }

  return (
    <section aria-label="Subscription offer" className="bg-navy-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="font-bold text-gold-300">
            Unlock All Premium Content | Race Cards ~ Tips ~ Value Generator and More
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-navy-100">
            Save 25% monthly with code
            <code className="rounded bg-white px-2 py-1 font-mono text-sm font-bold tracking-wider text-navy-900">
              {code}
            </code>
            <Button
              variant="inverse"
              size="sm"
              onClick={() => void copy()}
              aria-label={copied ? 'Discount code copied' : 'Copy discount code'}
            >
              {copied ? (
                <Check className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Copy className="h-4 w-4" aria-hidden="true" />
              )}
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          </p>
        </div>
        <ButtonLink to="/subscribe" variant="gold" className="self-start md:self-auto">
          Subscribe Now
        </ButtonLink>
      </div>
    </section>
  );
}

import { ComingSoon } from '../../components/coming-soon';

/** Placeholder: the generator issue builds this page (spec 02 §2.3). */
export function GeneratorPage() {
  return <ComingSoon title="VB Tissue Odds Generator" />;
}

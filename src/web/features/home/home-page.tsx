import { useAuth } from '../auth/api';
import { HomeHero } from './home-hero';
import {
  AboutAnalyst,
  Benefits,
  FinalCallToAction,
  SafeBettingBanner,
  Testimonials,
  WhatsIncluded,
} from './home-sections';
import { MemberShortcuts } from './member-shortcuts';

export function HomePage() {
  const { user, isLoading } = useAuth();
  return (
    <>
      <HomeHero />
      <Benefits />
      <AboutAnalyst />
      <SafeBettingBanner />
      <WhatsIncluded />
      {user && <MemberShortcuts />}
      <Testimonials />
      {!user && !isLoading && <FinalCallToAction />}
    </>
  );
}

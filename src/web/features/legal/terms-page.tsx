import { Link } from 'react-router';
import { PRICE_DISCOUNTED_GBP, PRICE_MONTHLY_GBP } from '#shared/public-config';
import { useConfig } from '#web/lib/config';
import { LEGAL_UPDATED, LegalPage } from './legal-page';

/** The subscription's terms in plain English: price, renewal, cancelling, the 14-day right, the guarantee, 18+. */
export function TermsPage() {
  const { siteName, supportEmail } = useConfig();
  return (
    <LegalPage
      title="Terms of Membership"
      subtitle={`What you get, what you pay and how to leave: the agreement between you and ${siteName}.`}
      updated={LEGAL_UPDATED}
    >
      <h2>1. Who we are</h2>
      <p>
        {siteName} (the Value Betting Guide) publishes horse-racing analysis and value betting tips. Questions about
        these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>

      <h2>2. You must be 18 or over</h2>
      <p>
        Membership is for adults in the United Kingdom. By subscribing you confirm you are 18 or over. We close any
        account we find belongs to someone under 18 and refund what they paid.
      </p>

      <h2>3. The subscription</h2>
      <p>
        Membership gives you the daily tips (NAP, NB, Longshot and the multiples), the VBG race cards with VB ratings,
        the race previews, the VB Generator, golf analysis and the members’ articles, for as long as your subscription
        runs. It is digital content for your own use: please don’t share your sign-in or pass the tips on.
      </p>

      <h2>4. Price and payment</h2>
      <ul>
        <li>
          £{PRICE_MONTHLY_GBP}.00 a month, or £{PRICE_DISCOUNTED_GBP}.00 a month with a discount code. The price you
          will pay is shown before you pay.
        </li>
        <li>
          Payment is taken in advance by Stripe, our payment provider, when you join and then on the same day each
          month. We never see or store your card number.
        </li>
        <li>
          If we change the price, we e-mail you before the new price applies to you, in time for you to cancel if you
          don’t want to pay it.
        </li>
      </ul>

      <h2>5. Renewal</h2>
      <p>
        Your subscription renews automatically at the end of each period until you cancel. If you are on a longer plan,
        or on a discounted price that ends, we e-mail you a reminder before the renewal or before the full price starts,
        saying what you will pay and how to cancel.
      </p>

      <h2>6. Cancelling</h2>
      <p>
        You can cancel at any time from the Subscription tab of <Link to="/my-account">My Account</Link>, in a couple of
        clicks, with no need to call or write to us. Nothing more is taken after you cancel, and you keep access until
        the end of the period you have already paid for. Changed your mind before then? Resume it from the same place.
      </p>

      <h2>7. Your 14-day right to cancel, and starting straight away</h2>
      <p>
        The Consumer Contracts Regulations 2013 normally give you 14 days to cancel a contract for digital content.
        Membership starts the moment you pay, so at checkout we ask you to confirm that you want access to start
        straight away and that you understand you lose the 14-day right to cancel once it has. We e-mail you a
        confirmation of the agreement, including that consent. We can only start your membership straight away with that
        consent.
      </p>

      <h2>8. Our 7-day money-back guarantee</h2>
      <p>
        Not for you? E-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a> within 7 days of your first payment
        and we refund that payment in full, whatever the reason. This is in addition to your legal rights.
      </p>

      <h2>9. No guarantee of winnings</h2>
      <p>
        Our tips and ratings are our honest opinion of where the value lies. They are not a promise of profit: horses
        lose, prices move, and past results are no guarantee of future results. Betting can lose you money. Only bet
        what you can afford to lose, and see <Link to="/responsible-gambling">Responsible Gambling</Link> for help and
        tools.
      </p>

      <h2>10. Your account and your data</h2>
      <p>
        Keep your password to yourself. How we use your data, how to download it and how to delete your account are set
        out in our <Link to="/privacy">Privacy notice</Link>.
      </p>

      <h2>11. If something goes wrong</h2>
      <p>
        Tell us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and we will put it right. If the service is not
        as described, you have rights under the Consumer Rights Act 2015, and nothing in these terms takes them away.
        These terms are governed by the law of England and Wales; you may bring a claim in the courts of the part of the
        UK where you live.
      </p>
    </LegalPage>
  );
}

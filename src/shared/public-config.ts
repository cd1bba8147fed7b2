export interface PublicConfig {
  siteName: string;
  supportEmail: string;
  discountCode: string;
  analystName: string;
  analystSurname: string;
  paymentsProvider: 'stripe' | 'local';
  /** The annual plan's price in pence; null when the plan is not offered. */
  annualPricePence: number | null;
}

export const PRICE_MONTHLY_GBP = 16;
export const PRICE_DISCOUNTED_GBP = 12;

export const defaultPublicConfig: PublicConfig = {
  siteName: 'VBG',
  supportEmail: 'support@vbg.example',
  discountCode: 'VALUE25',
  analystName: 'Sam Hartley',
  analystSurname: 'hartley',
  paymentsProvider: 'local',
  annualPricePence: null,
};
